import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { MSG } from '@vialex/domain';
import { isApiError } from '../lib/api';

/** A refusal stays one if asked again; no connection, a timeout, a limit or the server failing may not. */
const isFinal = (error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;

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
