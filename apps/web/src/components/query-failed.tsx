import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { MSG } from '@vialex/domain';
import { isApiError, isRefusal } from '../lib/api';

/** A refusal stays one when the user asks again, but for a time-out or a limit; no connection or the server failing may not. */
const isFinal = (error: unknown) => isRefusal(error) && error.status !== 408 && error.status !== 429;

/**
 * Whether a read's failure takes the place of what it shows. A read that never answered has
 * nothing else to show. A later read (a live event, the connection back, the window focused)
 * that fails on a lost connection or a failing server leaves the last answer on screen, and a
 * form on it as the user left it: the connection banner says what is wrong. A refusal replaces
 * it: the case left the viewer's scope, say.
 */
export const failureShown = (query: { isError: boolean; data: unknown; error: unknown }) =>
  query.isError && (query.data === undefined || isFinal(query.error));

/**
 * What a panel shows when its data did not load: the server's message (a refusal of access as
 * information, anything else as an error), and Reintentar unless asking again cannot help — on a
 * weak signal the panel can be loaded again without reloading the page.
 */
export function QueryFailed({ error, onRetry, testId }: { error: unknown; onRetry: () => unknown; testId?: string }) {
  return (
    <Alert
      severity={isApiError(error) && error.status === 403 ? 'info' : 'error'}
      data-testid={testId}
      action={
        isFinal(error) ? undefined : (
          <Button color="inherit" size="small" onClick={() => void onRetry()}>
            {MSG.reintentar}
          </Button>
        )
      }
    >
      {isApiError(error) ? error.message : MSG.algoSalioMal}
    </Alert>
  );
}
