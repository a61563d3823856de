import { useCallback, useState } from 'react';

/**
 * A form's action: `busy` while it runs, the failure's words in `error` (how to word it is the
 * caller's: a passkey's cancellation reads otherwise than a server refusal).
 */
export function usePendingAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async (action: () => Promise<void>, wordsOf: (err: unknown) => string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(wordsOf(err));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}
