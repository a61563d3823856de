import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LABELS, MSG, PASSKEY_NAME_MAX, type Me, type SecondFactorMethod, type TotpSetup } from '@vialex/domain';
import { api, isApiError } from '../../lib/api';
import { signedIn } from './api/login';
import { usePendingAction } from '../../lib/use-pending-action';
import { TotpKey } from '../../components/totp-key';
import { passkeyMessage, passkeysSupported, setUpPasskeyAtSignIn, signInWithPasskey } from './passkey-sign-in';

/*
 * The sign-in's later steps, in the sign-in card: the second factor after a right password (the
 * app's code, a passkey or a recovery code), or the setup of a factor that the user's cargo
 * requires (the authenticator app or a passkey, then the recovery codes shown once).
 */

const L = LABELS.segundoFactor;
const opts = { ignoreSessionLoss: true };

const messageOf = (e: unknown) => (isApiError(e) ? e.message : MSG.algoSalioMal);

/** The second step: the app's code, or one of the recovery codes. */
export function SecondStepForm({ methods, onDone }: { methods: SecondFactorMethod[]; onDone: (user: Me) => void }) {
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<'totp' | 'recuperacion'>(methods.includes('totp') ? 'totp' : 'recuperacion');
  const [code, setCode] = useState('');
  const { busy, error, setError, run } = usePendingAction();
  const withKey = methods.includes('llave') && passkeysSupported();
  const signWithKey = () =>
    run(async () => {
      const user = await signInWithPasskey(
        '/api/auth/login/segundo-paso/llave/opciones',
        '/api/auth/login/segundo-paso/llave',
      );
      signedIn(queryClient, user);
      onDone(user);
    }, passkeyMessage);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    return run(async () => {
      const { user } = await api.post<{ user: Me }>(
        '/api/auth/login/segundo-paso',
        { metodo: method, codigo: code },
        opts,
      );
      signedIn(queryClient, user);
      onDone(user);
    }, messageOf);
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h6" component="h2">
        {L.titulo}
      </Typography>
      <Typography color="text.secondary">
        {method === 'totp' ? L.segundoPasoTotp : withKey ? L.segundoPasoLlave : L.segundoPasoRecuperacion}
      </Typography>
      {withKey && (
        <Button
          variant="outlined"
          size="large"
          onClick={() => void signWithKey()}
          disabled={busy}
          data-testid="second-step-key"
        >
          {L.usarLlave}
        </Button>
      )}
      <TextField
        label={method === 'totp' ? L.codigo : L.codigoRecuperacion}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoFocus={!withKey}
        autoComplete="one-time-code"
        slotProps={{
          htmlInput: { inputMode: method === 'totp' ? 'numeric' : 'text', 'data-testid': 'second-step-code' },
        }}
      />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy || !code.trim()}>
        {L.verificar}
      </Button>
      {methods.includes('totp') && methods.includes('recuperacion') && (
        <Button
          onClick={() => {
            setMethod(method === 'totp' ? 'recuperacion' : 'totp');
            setCode('');
            setError(null);
          }}
        >
          {method === 'totp' ? L.usarRecuperacion : L.usarApp}
        </Button>
      )}
    </Box>
  );
}

type Done = { user: Me; codes: string[] };

/** The setup a required cargo is led to: the app or a passkey, then the recovery codes shown once. */
export function SetupFactorForm({ onDone }: { onDone: (user: Me) => void }) {
  const queryClient = useQueryClient();
  const [way, setWay] = useState<'app' | 'llave' | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  if (done)
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {L.codigosTitulo}
        </Typography>
        <Typography color="text.secondary">{L.codigosTexto}</Typography>
        <Box
          component="ul"
          data-testid="recovery-codes"
          sx={{ m: 0, p: 0, listStyle: 'none', columns: { xs: 1, sm: 2 }, fontFamily: 'monospace', fontSize: 15 }}
        >
          {done.codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </Box>
        <Button
          variant="contained"
          size="large"
          onClick={() => {
            signedIn(queryClient, done.user);
            onDone(done.user);
          }}
        >
          {L.irAVialex}
        </Button>
      </Box>
    );
  // Either way can go back to the choice (a device without a passkey, a phone without the app).
  const back = (
    <Button onClick={() => setWay(null)} data-testid="setup-back">
      {L.otroMetodo}
    </Button>
  );
  if (way === 'app') return <AppSetup onDone={setDone} back={back} />;
  if (way === 'llave') return <PasskeySetup onDone={setDone} back={back} />;
  // Without passkeys in this browser the app is the only way: straight to it.
  if (!passkeysSupported()) return <AppSetup onDone={setDone} />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="setup-choice">
      <Typography variant="h6" component="h2">
        {L.configurarTitulo}
      </Typography>
      <Typography color="text.secondary">{L.configurarTexto}</Typography>
      <Button variant="contained" size="large" onClick={() => setWay('app')}>
        {L.configurarConApp}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
        {L.appDescripcion}
      </Typography>
      <Button variant="contained" size="large" onClick={() => setWay('llave')}>
        {L.configurarConLlave}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
        {L.llavesDescripcion}
      </Typography>
    </Box>
  );
}

/** A passkey as the factor: the device's name, then the browser's registration. */
function PasskeySetup({ onDone, back }: { onDone: (done: Done) => void; back: ReactNode }) {
  const [name, setName] = useState('');
  const { busy, error, setError, run } = usePendingAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(MSG.campoRequerido);
    return run(async () => {
      const answer = await setUpPasskeyAtSignIn(name.trim());
      onDone({ user: answer.user, codes: answer.codigosRecuperacion });
    }, passkeyMessage);
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h6" component="h2">
        {L.agregarLlaveTitulo}
      </Typography>
      <Typography color="text.secondary">{L.agregarLlaveTexto}</Typography>
      <TextField
        label={L.nombreLlave}
        value={name}
        onChange={(e) => setName(e.target.value)}
        helperText={L.nombreLlaveAyuda}
        autoFocus
        slotProps={{ htmlInput: { maxLength: PASSKEY_NAME_MAX, 'data-testid': 'setup-key-name' } }}
      />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {L.continuar}
      </Button>
      {back}
    </Box>
  );
}

/** The authenticator app as the factor: its QR code and key, then its first code. */
function AppSetup({ onDone, back }: { onDone: (done: Done) => void; back?: ReactNode }) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const { busy, error, setError, run } = usePendingAction();
  useEffect(() => {
    api
      .post<TotpSetup>('/api/auth/login/configurar/totp', undefined, opts)
      .then(setSetup)
      .catch((e) => setError(messageOf(e)));
    // setError is a state setter: the same on every render, so the key is asked for once.
  }, [setError]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    return run(async () => {
      const answer = await api.post<{ user: Me; codigosRecuperacion: string[] }>(
        '/api/auth/login/configurar/totp/confirmar',
        { codigo: code },
        opts,
      );
      onDone({ user: answer.user, codes: answer.codigosRecuperacion });
    }, messageOf);
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h6" component="h2">
        {L.configurarApp}
      </Typography>
      <Typography>{L.escaneeQr}</Typography>
      {setup && <TotpKey setup={setup} size={200} />}
      <Typography>{L.ingreseCodigoApp}</Typography>
      <TextField
        label={L.codigo}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'setup-code' } }}
      />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy || !setup || !code.trim()}>
        {L.activar}
      </Button>
      {back}
    </Box>
  );
}
