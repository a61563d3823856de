import { useQueryClient } from '@tanstack/react-query';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GppGoodOutlined from '@mui/icons-material/GppGoodOutlined';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import { LABELS, fmt, topics, recordText } from '@vialex/domain';
import { useLiveTopic } from '../../lib/live';
import { authorisationKey, useCaseAuthorisation } from './api/privacy';

const P = LABELS.privacidad;

/**
 * 'Autorización de datos: otorgada el 2026-11-28 10:42:07 (aviso v3f9a2c1b04d)' or '… pendiente'
 * on DATOS DEL CASO (Ley 1581 de 2012): whether the case's driver authorised the processing of
 * their data, and for which notice. The server answers only who may read that tab; to anybody
 * else (or while it loads) the line is not there. The driver's entry announces the case, which
 * reads the line again.
 */
export function AuthorisationLine({ caseId }: { caseId: string }) {
  const queryClient = useQueryClient();
  const { data } = useCaseAuthorisation(caseId);
  useLiveTopic(topics.list('casos'), (event) => {
    if (event.name === 'list.changed' && (!event.id || event.id === caseId))
      void queryClient.invalidateQueries({ queryKey: authorisationKey(caseId) });
  });
  if (!data) return null;
  const given = data.estado === 'otorgada';
  const Icon = given ? GppGoodOutlined : GppMaybeOutlined;
  return (
    <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 2 }, py: 1.25 }} data-testid="data-authorisation">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Icon fontSize="small" color={given ? 'success' : 'warning'} sx={{ mt: '2px' }} aria-hidden />
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <strong>{P.autorizacion}:</strong>{' '}
          {given ? fmt(P.otorgada, { fecha: recordText(data.fecha), version: data.version ?? '' }) : P.pendiente}
        </Typography>
      </Stack>
    </Paper>
  );
}
