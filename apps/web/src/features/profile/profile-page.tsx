import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LABELS } from '@vialex/domain';
import { PageTitle } from '../../components/page-title';
import { useCurrentUser } from '../../lib/session';
import { SecondFactorSection } from './second-factor-section';

const L = LABELS.segundoFactor;

/**
 * Mi perfil, for every staff cargo: who is signed in, their photo (`photo`, composed by the app:
 * features do not import each other) and their verification in two steps.
 */
export default function ProfilePage({ photo }: { photo?: ReactNode }) {
  const me = useCurrentUser();
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', width: '100%' }}>
      <PageTitle title={L.miPerfil} />
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} data-testid="profile-who">
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {`${me.nombres} ${me.apellidos}`.trim()}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ letterSpacing: '0.04em' }}>
            {me.cargo.toUpperCase()}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {me.email}
          </Typography>
          {photo && <Box sx={{ mt: 2 }}>{photo}</Box>}
        </Paper>
        <Box component="section" aria-labelledby="second-factor-title">
          <Typography
            id="second-factor-title"
            variant="h6"
            component="h2"
            color="primary.dark"
            sx={{ fontWeight: 700 }}
          >
            {L.titulo}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {L.descripcion}
          </Typography>
          <SecondFactorSection />
        </Box>
      </Stack>
    </Box>
  );
}
