import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { LABELS, MSG, fmt } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { useGeoStore, useGeolocationWatch } from '../../lib/geo';
import { showToast } from '../../lib/toasts';
import { BrandLogo } from '../../components/brand-logo';
import { enterCase, fetchClientMe, fetchEntryInfo } from './api/client-api';
import { clientMeKey, rememberLink, takeEntryNotice } from './session';

const L = LABELS.cliente;

/** Where a client lands after entering: their case's general room. */
export const CLIENT_CASE_PATH = '/caso-cliente';

/**
 * The entry's notices show on top (at the bottom they would cover the chat's composer), in the
 * default dark toast: notistack's amber and green carry white text below 4.5:1.
 */
const TOP = { vertical: 'top', horizontal: 'center' } as const;

const messageOf = (e: unknown) => (isApiError(e) ? e.message : MSG.algoSalioMal);

/**
 * The driver's entry (/login/auth-cliente/{token}, spec 3 §2 "Client case entry", §7): the logo,
 * the case the SMS link opens, the location warning while the phone's position is unknown, and
 * one big button, enabled once a latitude is known. Built for a phone on a slow connection right
 * after an accident: one screen, one thumb, the server's own Spanish message when it refuses.
 */
export function ClientEntryPage() {
  useGeolocationWatch();
  const { id: token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const position = useGeoStore((s) => s.position);
  const geoOff = useGeoStore((s) => s.geoOff);
  const [notice] = useState(takeEntryNotice);
  const [entering, setEntering] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const info = useQuery({
    queryKey: ['cliente', 'entrada', token],
    queryFn: async ({ signal }) => {
      try {
        return await fetchEntryInfo(token, signal);
      } catch (e) {
        // Already entered, and this phone holds that session: straight back to the case.
        if (isApiError(e) && e.status === 409) {
          const me = await fetchClientMe(signal).catch(() => null);
          if (me) {
            queryClient.setQueryData(clientMeKey, me);
            void navigate(`${CLIENT_CASE_PATH}/chat`, { replace: true });
          }
        }
        throw e;
      }
    },
    enabled: token.length > 0,
    retry: (n, e) => isApiError(e) && e.status === 0 && n < 3,
    staleTime: Infinity,
  });

  const refused = token ? (info.isError ? messageOf(info.error) : null) : MSG.casoNoExiste;
  const ready = !!position && !!info.data && !entering;

  const enter = async () => {
    if (!position) return;
    setEntering(true);
    setError(null);
    try {
      const result = await enterCase({ token, lat: position.lat, lng: position.long });
      rememberLink(token);
      queryClient.setQueryData(clientMeKey, {
        caseId: result.caseId,
        caso: result.caso,
        nombre: result.nombre,
        expira: result.expira,
      });
      if (result.asignacion) {
        showToast('cliente-asignacion', <span data-testid="client-assignment">{result.asignacion.message}</span>, {
          anchorOrigin: TOP,
        });
      }
      if (result.aviso)
        showToast('cliente-aviso', <span data-testid="client-address-notice">{result.aviso}</span>, {
          anchorOrigin: TOP,
        });
      void navigate(`${CLIENT_CASE_PATH}/chat`, { replace: true });
    } catch (e) {
      setError(messageOf(e));
      setEntering(false);
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
            <Alert severity="error" role="alert" data-testid="client-entry-error">
              {shownError}
            </Alert>
          ) : (
            <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
              {L.entradaDetalle}
            </Typography>
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
            startIcon={entering ? <CircularProgress size={20} color="inherit" aria-hidden /> : undefined}
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
