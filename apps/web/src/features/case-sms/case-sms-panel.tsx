import { useEffect, useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Sms from '@mui/icons-material/SmsOutlined';
import LinkOff from '@mui/icons-material/LinkOff';
import Logout from '@mui/icons-material/Logout';
import PhoneAndroid from '@mui/icons-material/PhoneAndroid';
import {
  LABELS,
  FEEDBACK,
  MSG,
  PHONE_MAX_LENGTH,
  colombianMobile,
  fmt,
  formatPhone,
  type ClientLinkState,
  type SmsMessage,
  type SmsState,
  topics,
  hourText,
  momentText,
} from '@vialex/domain';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { useLiveTopic } from '../../lib/live';
import { useConnection } from '../../lib/connection';
import { useConfirm } from '../../components/list/use-confirm';
import { useFeedback } from '../../components/list/use-feedback';
import { caseSmsQueryKey, useCaseSms } from './api/case-sms';
import { useSendSms } from './api/send-sms';
import { useRevokeLink } from './api/revoke-link';
import { useEndClientSession } from './api/end-client-session';
import { ButtonSpinner } from '../../components/button-spinner';
import { CenteredSpinner } from '../../components/centered-spinner';
import { QueryFailed, failureShown } from '../../components/query-failed';

export interface CaseSmsPanelProps {
  caseId: string;
}

const STATE_COLOR: Record<SmsState, 'success' | 'default' | 'error'> = {
  enviado: 'success',
  guardado: 'default',
  error: 'error',
};
const LINK_COLOR: Record<ClientLinkState, 'success' | 'default' | 'warning'> = {
  vigente: 'success',
  vencido: 'warning',
  revocado: 'default',
};

/**
 * The SMS to the client in DATOS DEL CASO (spec 2 §6 "Policy area and SMS"): for Administrador,
 * Call Center and Coordinador Contact Center (other cargos get nothing: the server answers 403
 * and the panel renders nothing). The mobile field starts from the client's phone; Send SMS shows
 * when the plan is SEGURO TERCERO / RC PUBLICO or attention was approved (else the reason). Below,
 * every SMS of the case with the short link it carried, its state, and Revocar enlace.
 */
export function CaseSmsPanel({ caseId }: CaseSmsPanelProps) {
  const query = useCaseSms(caseId);
  const titleId = useId();
  const queryClient = useQueryClient();
  // A change of the case (a policy look-up that sets the plan, approved attention, archiving)
  // may offer or withdraw Send SMS: the panel reads itself again.
  useLiveTopic(topics.list('casos'), (event) => {
    if (event.name === 'list.changed' && (!event.id || event.id === caseId))
      void queryClient.invalidateQueries({ queryKey: caseSmsQueryKey(caseId) });
  });
  if (query.isError && isApiError(query.error) && query.error.status === 403) return null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
        {LABELS.casoSms.titulo}
      </Typography>
      {failureShown(query) ? (
        <QueryFailed error={query.error} onRetry={query.refetch} />
      ) : !query.data ? (
        <CenteredSpinner compact />
      ) : (
        <>
          <SendSmsForm
            caseId={caseId}
            caso={query.data.caso}
            telefono={query.data.telefono}
            allowed={query.data.enviar.permitido}
            reason={query.data.enviar.motivo}
          />
          {query.data.sesionCliente && query.data.revocar && (
            <ClientSession caseId={caseId} caso={query.data.caso} expira={query.data.sesionCliente.expira} />
          )}
          <Outbox caseId={caseId} messages={query.data.mensajes} mayRevoke={query.data.revocar} />
        </>
      )}
    </Paper>
  );
}

function SendSmsForm(props: {
  caseId: string;
  caso: number;
  telefono: string | null;
  allowed: boolean;
  reason: string | null;
}) {
  const { caseId, caso, allowed, reason } = props;
  const [value, setValue] = useState(props.telefono ?? '');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const send = useSendSms(caseId);
  const feedback = useFeedback();
  const { reason: offline } = useConnection();
  // The client's phone arrives with the panel; keep what the user typed once they typed.
  useEffect(() => {
    if (!touched && props.telefono) setValue(props.telefono);
  }, [props.telefono, touched]);

  const e164 = colombianMobile(value.trim());
  const invalid = touched && value.trim() !== '' && !e164;
  const helper =
    serverError ??
    (invalid ? MSG.celularNoValido : e164 ? fmt(LABELS.casoSms.enviara, { telefono: formatPhone(e164) }) : ' ');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!e164) return;
    setServerError(null);
    try {
      await send.mutateAsync(e164);
      feedback.success(fmt(FEEDBACK.smsEnviadoA, { caso, telefono: formatPhone(e164) }), MSG.smsEnviado);
    } catch (e) {
      if (isApiError(e) && e.code === 'SMS_FAILED') return feedback.error(MSG.smsError, MSG.error);
      const issue = isApiError(e) && e.status === 400 ? e.body.issues?.find((i) => i.path === 'telefono') : undefined;
      if (issue) return setServerError(issue.message);
      feedback.fail(e);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={LABELS.casoSms.celular}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setServerError(null);
          }}
          onBlur={() => setTouched(true)}
          error={invalid || !!serverError}
          helperText={helper}
          size="small"
          fullWidth
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'tel', maxLength: PHONE_MAX_LENGTH, 'data-testid': 'sms-telefono' } }}
          sx={{ maxWidth: { sm: 320 } }}
        />
        {allowed && (
          <Tooltip title={offline ?? ''}>
            <span>
              <Button
                type="submit"
                variant="contained"
                startIcon={send.isPending ? <ButtonSpinner /> : <Sms />}
                disabled={send.isPending || !!offline || (touched && !e164)}
                sx={{ whiteSpace: 'nowrap', width: { xs: '100%', sm: 'auto' }, minHeight: 40 }}
              >
                {LABELS.casoSms.enviarSms}
              </Button>
            </span>
          </Tooltip>
        )}
      </Stack>
      {!allowed && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {reason ?? LABELS.casoSms.noDisponible}
          {reason ? ` — ${LABELS.casoSms.noDisponible}` : ''}
        </Alert>
      )}
      {feedback.element}
    </Box>
  );
}

/** The client is in the case (entered with a link): when their session ends, and ending it now. */
function ClientSession({ caseId, caso, expira }: { caseId: string; caso: number; expira: string }) {
  const end = useEndClientSession(caseId);
  const { confirm, element: confirmDialog } = useConfirm();
  const feedback = useFeedback();
  const { reason: offline } = useConnection();

  const onEnd = async () => {
    const ok = await confirm({
      title: fmt(LABELS.casoSms.terminarSesionPregunta, { caso }),
      text: LABELS.casoSms.terminarSesionTexto,
      confirmText: LABELS.casoSms.siTerminar,
      cancelText: MSG.cancelar,
    });
    if (!ok) return;
    try {
      const result = await end.mutateAsync();
      feedback.success(fmt(FEEDBACK.caso, { caso }), result.message);
    } catch (e) {
      feedback.fail(e);
    }
  };

  return (
    <Alert severity="info" icon={<PhoneAndroid />} sx={{ mb: 2 }} data-testid="sms-sesion-cliente">
      {fmt(LABELS.casoSms.clienteEnCaso, { hora: hourText(expira) })}
      <Box sx={{ mt: 1 }}>
        <Tooltip title={offline ?? ''}>
          <span>
            <Button
              size="small"
              variant="outlined"
              color="inherit"
              startIcon={end.isPending ? <ButtonSpinner /> : <Logout />}
              onClick={onEnd}
              disabled={!!offline || end.isPending}
            >
              {LABELS.casoSms.terminarSesion}
            </Button>
          </span>
        </Tooltip>
      </Box>
      {confirmDialog}
      {feedback.element}
    </Alert>
  );
}

function Outbox({ caseId, messages, mayRevoke }: { caseId: string; messages: SmsMessage[]; mayRevoke: boolean }) {
  const revoke = useRevokeLink(caseId);
  const { confirm, element: confirmDialog } = useConfirm();
  const feedback = useFeedback();
  const { reason: offline } = useConnection();
  const headingId = useId();

  const onRevoke = async (m: SmsMessage) => {
    if (!m.enlace) return;
    const ok = await confirm({
      title: fmt(LABELS.casoSms.revocarPregunta, { telefono: formatPhone(m.telefono) }),
      text: LABELS.casoSms.revocarTexto,
      confirmText: LABELS.casoSms.siRevocar,
      cancelText: MSG.cancelar,
    });
    if (!ok) return;
    try {
      const result = await revoke.mutateAsync(m.enlace.id);
      feedback.success(formatPhone(m.telefono), result.message);
    } catch (e) {
      feedback.fail(e);
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h4" sx={{ fontWeight: 700 }}>
        {LABELS.casoSms.mensajesEnviados}
      </Typography>
      {messages.some((m) => m.proveedor === 'outbox') && (
        <Typography variant="caption" color="text.secondary" component="p">
          {LABELS.casoSms.bandeja}
        </Typography>
      )}
      {messages.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {LABELS.casoSms.sinMensajes}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }} data-testid="sms-outbox">
          {messages.map((m) => (
            <Paper component="li" key={m.id} variant="outlined" sx={{ p: 1.5 }} data-testid="sms-message">
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  {formatPhone(m.telefono)}
                </Typography>
                <Chip size="small" label={LABELS.casoSms.estados[m.estado]} color={STATE_COLOR[m.estado]} />
                <Typography variant="caption" color="text.secondary">
                  {momentText(m.creado)}
                  {m.enviadoPor ? ` ${fmt(LABELS.casoSms.enviadoPor, { nombre: m.enviadoPor })}` : ''}
                </Typography>
              </Stack>
              <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {m.cuerpo}
              </Typography>
              {m.error && (
                <Typography variant="caption" color="error" component="p" sx={{ overflowWrap: 'anywhere' }}>
                  {m.error}
                </Typography>
              )}
              {m.enlace && (
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
                  <Typography variant="caption" color="text.secondary">
                    {LABELS.casoSms.enlace}
                  </Typography>
                  <Chip
                    size="small"
                    variant="outlined"
                    label={LABELS.casoSms.enlaceEstados[m.enlace.estado]}
                    color={LINK_COLOR[m.enlace.estado]}
                  />
                  {m.enlace.estado === 'vigente' && (
                    <Typography variant="caption" color="text.secondary">
                      {fmt(LABELS.casoSms.vence, { fecha: momentText(m.enlace.expira) })}
                    </Typography>
                  )}
                  {mayRevoke && m.enlace.estado === 'vigente' && (
                    <Tooltip title={offline ?? ''}>
                      <span>
                        <Button
                          size="small"
                          color="error"
                          startIcon={<LinkOff />}
                          onClick={() => onRevoke(m)}
                          disabled={!!offline || revoke.isPending}
                        >
                          {LABELS.casoSms.revocar}
                        </Button>
                      </span>
                    </Tooltip>
                  )}
                </Stack>
              )}
            </Paper>
          ))}
        </Stack>
      )}
      {confirmDialog}
      {feedback.element}
    </Box>
  );
}
