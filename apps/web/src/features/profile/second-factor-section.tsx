import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { startRegistration, browserSupportsWebAuthn } from '@simplewebauthn/browser';
import {
  LABELS,
  MSG,
  RECOVERY_CODE_COUNT,
  fmt,
  type Passkey,
  type TotpSetup,
  dayText,
  momentText,
} from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { useCurrentUser } from '../../lib/session';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorDialog } from '../../components/message-dialog';
import {
  addPasskey,
  confirmTotp,
  newRecoveryCodes,
  passkeyOptions,
  removePasskey,
  removeTotp,
  startTotp,
  useFactorChange,
  useSecondFactor,
} from './api/second-factor';
import { ProofCancelled, usePasswordProof } from './password-proof';
import { RecoveryCodesDialog } from './recovery-codes-dialog';
import { TotpSetupDialog } from './totp-setup-dialog';
import { PasskeyDialog } from './passkey-dialog';

const L = LABELS.segundoFactor;

/** A removal or new codes waiting for their "are you sure?". */
type Pending = { kind: 'totp' } | { kind: 'llave'; llave: Passkey } | { kind: 'codigos' };

const messageOf = (e: unknown) => (isApiError(e) ? e.message : MSG.algoSalioMal);

/** One factor: its heading, what it is, its state and its buttons. */
function FactorCard({
  title,
  description,
  state,
  actions,
  children,
  testId,
}: {
  title: string;
  description: string;
  state?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} data-testid={testId} component="section">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-start' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
          {state && <Box sx={{ mt: 1 }}>{state}</Box>}
        </Box>
        {actions && (
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            {actions}
          </Stack>
        )}
      </Stack>
      {children}
    </Paper>
  );
}

/**
 * Verificación en dos pasos in Mi perfil: the authenticator app, the passkeys and the recovery
 * codes, each change behind the password's recent proof. The server keeps the rules (a required
 * cargo keeps at least one factor): its refusals are shown as they come.
 */
export function SecondFactorSection() {
  const me = useCurrentUser();
  const status = useSecondFactor();
  const { withProof, proofDialog } = usePasswordProof();
  const change = useFactorChange((action: () => Promise<unknown>) => withProof(action));
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [addingKey, setAddingKey] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  /** Runs a change; a closed password dialog is no failure. Rejects with the message to show. */
  const run = async <T,>(action: () => Promise<T>): Promise<T | undefined> => {
    try {
      return (await change.mutateAsync(action)) as T;
    } catch (e) {
      if (e instanceof ProofCancelled) return undefined;
      throw new Error(messageOf(e), { cause: e });
    }
  };
  const report = (e: unknown) => setFailure(e instanceof Error ? e.message : MSG.algoSalioMal);

  const configure = () => run(startTotp).then((s) => s && setSetup(s), report);
  const activate = async (code: string) => {
    const added = await run(() => confirmTotp(code));
    if (!added) return;
    setSetup(null);
    if (added.codigosRecuperacion) setCodes(added.codigosRecuperacion);
  };
  const addKey = async (name: string) => {
    if (!browserSupportsWebAuthn()) throw new Error(L.llaveNoSoportada);
    const options = await run(passkeyOptions);
    if (!options) return;
    let answer;
    try {
      answer = await startRegistration({ optionsJSON: options });
    } catch {
      // Cancelled, timed out, or this device already holds one of the user's keys.
      throw new Error(L.llaveCancelada);
    }
    const added = await run(() => addPasskey(name, answer));
    if (!added) return;
    setAddingKey(false);
    if (added.codigosRecuperacion) setCodes(added.codigosRecuperacion);
  };
  const confirmPending = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'totp') await run(removeTotp);
      else if (pending.kind === 'llave') await run(() => removePasskey(pending.llave.id));
      else {
        const fresh = await run(newRecoveryCodes);
        if (fresh) setCodes(fresh.codigos);
      }
    } catch (e) {
      report(e);
    } finally {
      setPending(null);
    }
  };

  if (status.isPending)
    return (
      <Stack spacing={2} aria-busy="true" data-testid="second-factor-loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={96} />
        ))}
      </Stack>
    );
  if (status.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => status.refetch()}>
            {MSG.reintentar}
          </Button>
        }
      >
        {messageOf(status.error)}
      </Alert>
    );
  const s = status.data;
  const hasFactor = s.totp.activo || s.llaves.length > 0;
  const busy = change.isPending;

  return (
    <Stack spacing={2}>
      {s.requerido && (
        <Alert severity="info" data-testid="second-factor-required">
          {fmt(L.requeridoPorCargo, { cargo: me.cargo })}
        </Alert>
      )}

      <FactorCard
        testId="factor-app"
        title={L.app}
        description={L.appDescripcion}
        state={
          s.totp.activo ? (
            <Chip color="success" size="small" label={fmt(L.appDesde, { fecha: dayText(s.totp.desde) })} />
          ) : (
            <Chip size="small" variant="outlined" label={L.inactiva} />
          )
        }
        actions={
          s.totp.activo ? (
            <Button color="error" onClick={() => setPending({ kind: 'totp' })} disabled={busy}>
              {L.quitar}
            </Button>
          ) : (
            <Button variant="contained" onClick={configure} disabled={busy}>
              {L.configurar}
            </Button>
          )
        }
      />

      <FactorCard
        testId="factor-llaves"
        title={L.llaves}
        description={L.llavesDescripcion}
        actions={
          <Button variant="outlined" startIcon={<Add />} onClick={() => setAddingKey(true)} disabled={busy}>
            {L.agregarLlave}
          </Button>
        }
      >
        {s.llaves.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {L.sinLlaves}
          </Typography>
        ) : (
          <List dense disablePadding sx={{ mt: 1 }} data-testid="passkey-list">
            {s.llaves.map((k) => (
              <ListItem
                key={k.id}
                divider
                disableGutters
                secondaryAction={
                  <Button
                    color="error"
                    size="small"
                    onClick={() => setPending({ kind: 'llave', llave: k })}
                    disabled={busy}
                  >
                    {L.quitar}
                  </Button>
                }
                sx={{ pr: 10 }}
              >
                <ListItemText
                  primary={k.nombre}
                  secondary={`${fmt(L.llaveCreada, { fecha: dayText(k.creado) })} · ${
                    k.ultimoUso ? fmt(L.llaveUsada, { fecha: momentText(k.ultimoUso) }) : L.llaveSinUso
                  }`}
                  slotProps={{ primary: { sx: { fontWeight: 600, wordBreak: 'break-word' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </FactorCard>

      {hasFactor && (
        <FactorCard
          testId="factor-codigos"
          title={L.codigos}
          description={L.codigosDescripcion}
          state={
            <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="codes-left">
              {fmt(L.codigosRestantes, { n: s.codigosRestantes, total: RECOVERY_CODE_COUNT })}
            </Typography>
          }
          actions={
            <Button variant="outlined" onClick={() => setPending({ kind: 'codigos' })} disabled={busy}>
              {L.generarCodigos}
            </Button>
          }
        />
      )}

      <TotpSetupDialog setup={setup} onActivate={activate} onClose={() => setSetup(null)} />
      <PasskeyDialog open={addingKey} onAdd={addKey} onClose={() => setAddingKey(false)} />
      <ConfirmDialog
        open={!!pending}
        title={
          pending?.kind === 'llave'
            ? fmt(L.quitarLlaveTitulo, { nombre: pending.llave.nombre })
            : pending?.kind === 'codigos'
              ? L.generarCodigosTitulo
              : L.quitarAppTitulo
        }
        text={
          pending?.kind === 'llave'
            ? L.quitarLlaveTexto
            : pending?.kind === 'codigos'
              ? L.generarCodigosTexto
              : L.quitarAppTexto
        }
        busy={busy}
        onConfirm={confirmPending}
        onCancel={() => setPending(null)}
      />
      {proofDialog}
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
      <ErrorDialog open={!!failure} message={failure ?? undefined} onClose={() => setFailure(null)} />
    </Stack>
  );
}
