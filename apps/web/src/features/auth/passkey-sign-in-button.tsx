import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { LABELS, type Me } from '@vialex/domain';
import { ButtonSpinner } from '../../components/button-spinner';
import { signedIn } from './api/login';
import { passkeyMessage, passkeysSupported, signInWithPasskey } from './passkey-sign-in';

/**
 * INGRESAR CON UNA LLAVE DE ACCESO, under the password form: a sign-in with a passkey alone (the
 * browser offers the device's passkeys for VIALEX; no e-mail is typed). Hidden where the browser
 * has no passkeys at all.
 */
export function PasskeySignInButton({ onDone }: { onDone: (user: Me) => void }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!passkeysSupported()) return null;
  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      const user = await signInWithPasskey('/api/auth/login/llave/opciones', '/api/auth/login/llave');
      signedIn(queryClient, user);
      onDone(user);
    } catch (e) {
      setError(passkeyMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2} sx={{ mt: 3 }}>
      <Divider />
      <Button
        variant="outlined"
        size="large"
        onClick={() => void signIn()}
        disabled={busy}
        startIcon={busy ? <ButtonSpinner size={18} /> : <KeyOutlined />}
        data-testid="passkey-sign-in"
        sx={{ py: 1.2 }}
      >
        {LABELS.segundoFactor.ingresarConLlave}
      </Button>
      {error && (
        <Alert severity="error" role="alert" data-testid="passkey-sign-in-error">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
