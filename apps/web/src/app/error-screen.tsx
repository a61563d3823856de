import { Component, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import { MSG } from '@vialex/domain';

/**
 * A screen that failed to render or load. The usual cause is a new release: this tab asks for a
 * chunk the server no longer has, and a reload fixes it.
 */
export function ErrorScreen() {
  return (
    <Stack
      spacing={2}
      sx={{ alignItems: 'center', justifyContent: 'center', minHeight: '100dvh', px: 2, textAlign: 'center' }}
    >
      <ErrorOutline color="error" sx={{ fontSize: 56 }} />
      <Typography variant="h5" component="h1">
        {MSG.oops}
      </Typography>
      <Typography color="text.secondary">{MSG.errorServidor}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {MSG.recargar}
      </Button>
    </Stack>
  );
}

/** The error screen for a tree without the data router's errorElement (the driver's pages). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
