import { useEffect, useState } from 'react';
import { useNavigate, useParams, type NavigateFunction } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { LABELS, MSG, fmt, type ClientEntryInfo } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { useGeoStore, useGeolocationWatch } from '../../lib/geo';
import { BrandLogo } from '../../components/brand-logo';
import { enterCase, fetchClientMe, fetchEntryInfo } from './api/client-api';
import {
  CLIENT_CASE_ENTRY,
  askNotifications,
  handOverEntry,
  promptAnswered,
  rememberLink,
  takeEntryNotice,
  type EntryHandOver,
} from './session';
import { ButtonSpinner } from '../../components/button-spinner';
import { PrivacyConsent } from './privacy-consent';

const L = LABELS.cliente;

export { CLIENT_CASE_PATH } from './session';

const messageOf = (e: unknown) => (isApiError(e) ? e.message : MSG.algoSalioMal);

/** Network trouble is tried again, after 1, 2 and 4 s; a refusal is the answer. */
const ENTRY_INFO_TRIES = 4;

/**
 * What the link opens, asked for as soon as this module runs, before React's first render. (The
 * server's own entry page carries it in the page — entry-page-route.ts and entrada/ — and this
 * React page stands in only where that page is not what answers: a page from the service worker's
 * cache, the development server.)
 */
const ENTRY_PATH = /^\/login\/auth-cliente\/([^/]+)$/;
let early: { token: string; answer: Promise<ClientEntryInfo> } | null = null;

try {
  const raw = typeof window === 'undefined' ? undefined : ENTRY_PATH.exec(window.location.pathname)?.[1];
  if (raw) {
    const token = decodeURIComponent(raw);
    early = { token, answer: fetchEntryInfo(token) };
    // Its failure is the hook's to say; here it must not be an unhandled rejection.
    early.answer.catch(() => undefined);
  }
} catch {
  // A malformed address: the page asks the usual way.
}

/**
 * The first ask for a token: the early answer when it is that token's, used once — coming back
 * here later (the session ended, the client left) asks again, as the answer may have changed.
 */
function firstAsk(token: string, signal: AbortSignal): Promise<ClientEntryInfo> {
  const answer = early?.token === token ? early.answer : null;
  early = null;
  return answer ?? fetchEntryInfo(token, signal);
}

interface EntryInfo {
  data?: ClientEntryInfo;
  error?: unknown;
  isPending: boolean;
}

/**
 * The case the link opens. Plain state, not the data library the case's tabs use: this is the
 * first screen on a weak signal, and every kilobyte before the button counts.
 */
function useEntryInfo(token: string, navigate: NavigateFunction): EntryInfo & { isError: boolean } {
  const [state, setState] = useState<EntryInfo>({ isPending: true });
  useEffect(() => {
    if (!token) return;
    const ctrl = new AbortController();
    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        ctrl.signal.addEventListener('abort', () => clearTimeout(timer));
      });
    void (async () => {
      for (let n = 1; ; n++) {
        try {
          const data = await (n === 1 ? firstAsk(token, ctrl.signal) : fetchEntryInfo(token, ctrl.signal));
          if (!ctrl.signal.aborted) setState({ data, isPending: false });
          return;
        } catch (e) {
          if (ctrl.signal.aborted) return;
          // Already entered, and this phone holds that session: straight back to the case.
          if (isApiError(e) && e.status === 409) {
            const me = await fetchClientMe(ctrl.signal).catch(() => null);
            if (ctrl.signal.aborted) return;
            if (me) {
              handOverEntry({ me, notices: [] });
              void navigate(CLIENT_CASE_ENTRY, { replace: true });
              return;
            }
          }
          if (isApiError(e) && e.status === 0 && n < ENTRY_INFO_TRIES) {
            await wait(1000 * 2 ** (n - 1));
            if (ctrl.signal.aborted) return;
            continue;
          }
          setState({ error: e, isPending: false });
          return;
        }
      }
    })();
    return () => ctrl.abort();
  }, [token, navigate]);
  return { ...state, isError: state.error !== undefined };
}

/**
 * The driver's entry (/login/auth-cliente/{token}, spec 3 §2 "Client case entry", §7), in React:
 * the stand-in for the server's page (see above; the two behave alike). The logo,
 * the case the SMS link opens, the location warning while the phone's position is unknown, the
 * privacy notice and its box to tick, and one big button, enabled once a latitude is known. Built for a phone on a slow connection right
 * after an accident: one screen, one thumb, the server's own Spanish message when it refuses.
 */
export function ClientEntryPage() {
  useGeolocationWatch();
  const { id: token = '' } = useParams();
  const navigate = useNavigate();
  const position = useGeoStore((s) => s.position);
  const geoOff = useGeoStore((s) => s.geoOff);
  const [notice] = useState(takeEntryNotice);
  const [entering, setEntering] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  /** The server refused the entry for want of the tick (its message says why and whom to call). */
  const [consentMissing, setConsentMissing] = useState(false);

  const info = useEntryInfo(token, navigate);

  const refused = token ? (info.isError ? messageOf(info.error) : null) : MSG.casoNoExiste;
  const ready = !!position && !!info.data && !entering;

  const consentVersion = info.data?.privacidad.requerida ? info.data.privacidad.version : null;

  const enter = async () => {
    if (!position) return;
    // Asked within the tap (browsers want a gesture); the case page registers the phone. Not on a
    // tap the server will refuse for want of the notice's tick.
    const unticked = !!consentVersion && !consent;
    const notifications = unticked ? Promise.resolve<NotificationPermission>('default') : askNotifications();
    setEntering(true);
    setError(null);
    setConsentMissing(false);
    try {
      const result = await enterCase({
        token,
        lat: position.lat,
        lng: position.long,
        // Unticked, nothing is sent for it: the server refuses (Ley 1581), saying why and whom to call.
        ...(consentVersion && !unticked ? { autorizacion: consentVersion } : {}),
      });
      rememberLink(token);
      const notices: EntryHandOver['notices'] = [];
      // The assignment's outcome is the case page's status card (it stays and follows the case).
      if (result.aviso) notices.push({ type: 'cliente-aviso', text: result.aviso, testId: 'client-address-notice' });
      const { caseId, caso, nombre, expira } = result;
      handOverEntry({ me: { caseId, caso, nombre, expira }, notices });
      await promptAnswered(notifications);
      void navigate(CLIENT_CASE_ENTRY, { replace: true });
    } catch (e) {
      setError(messageOf(e));
      setEntering(false);
      const missing = isApiError(e) && e.code === 'DATA_AUTHORISATION_REQUIRED';
      setConsentMissing(missing);
      if (missing) document.getElementById('entrada-autorizo')?.focus();
    }
  };

  const shownError = error ?? refused;

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: 2,
        pt: { xs: 3, sm: 8 },
        pb: 3,
        gap: 2,
        background: (t) =>
          `linear-gradient(180deg, ${t.palette.primary.dark} 0, ${t.palette.primary.main} 240px, ${t.palette.background.default} 240px)`,
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
        <BrandLogo size={48} color="common.white" />
      </Box>
      {!position && (
        <Alert
          severity="warning"
          variant={geoOff ? 'filled' : 'standard'}
          role="alert"
          data-testid="geo-warning"
          sx={{ width: '100%', maxWidth: 440 }}
        >
          {MSG.geolocalizacionApagada}
        </Alert>
      )}
      {notice && (
        <Alert severity="info" data-testid="client-entry-notice" sx={{ width: '100%', maxWidth: 440 }}>
          {notice}
        </Alert>
      )}
      <Card elevation={6} sx={{ width: '100%', maxWidth: 440, borderRadius: 4 }}>
        <CardContent sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2.5, alignItems: 'stretch' }}>
          <Box sx={{ textAlign: 'center', minHeight: 40 }}>
            {info.data ? (
              <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }} data-testid="client-entry-case">
                {fmt(L.numeroCaso, { caso: info.data.caso })}
              </Typography>
            ) : info.isPending && token ? (
              <Typography component="h1" variant="h6" color="text.secondary" role="status">
                {L.buscandoCaso}
              </Typography>
            ) : (
              <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
                {MSG.ingresarAlCaso}
              </Typography>
            )}
          </Box>
          {shownError ? (
            <Alert severity="error" role="alert" id="entrada-error" data-testid="client-entry-error">
              {shownError}
            </Alert>
          ) : (
            <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
              {L.entradaDetalle}
            </Typography>
          )}
          {info.data && !refused && (
            <PrivacyConsent
              notice={info.data.privacidad}
              checked={consent}
              onChange={(checked) => {
                setConsent(checked);
                // Ticked after the refusal: the reason goes with it.
                if (checked && consentMissing) {
                  setError(null);
                  setConsentMissing(false);
                }
              }}
              invalid={consentMissing}
              errorId="entrada-error"
            />
          )}
          <Typography
            variant="body2"
            role="status"
            color={position ? 'success.dark' : 'text.secondary'}
            sx={{ textAlign: 'center', fontWeight: 600 }}
            data-testid="client-entry-location"
          >
            {position ? L.ubicacionLista : geoOff ? '\u00a0' : L.buscandoUbicacion}
          </Typography>
          <Button
            variant="contained"
            size="large"
            fullWidth
            disabled={!ready || !!refused}
            onClick={() => void enter()}
            data-testid="client-entry-button"
            startIcon={entering ? <ButtonSpinner size={20} /> : undefined}
            sx={{ minHeight: 64, fontSize: '1.2rem', fontWeight: 700, borderRadius: 3 }}
          >
            {entering ? L.ingresando : MSG.ingresarAlCaso}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}

export default ClientEntryPage;
