import CircularProgress from '@mui/material/CircularProgress';

/**
 * The spinner a busy button shows in place of its icon. Hidden from assistive technology: the
 * button's own label says what it does, and a nameless progressbar is an accessibility error.
 */
export function ButtonSpinner({ size = 16 }: { size?: number }) {
  return <CircularProgress size={size} color="inherit" aria-hidden />;
}
