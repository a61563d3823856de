import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG } from '@vialex/domain';
import { BrandLogo } from '../../components/brand-logo';

/** Any unknown path. */
export function NotFoundPage() {
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', px: 2 }}>
      <Stack spacing={3} sx={{ textAlign: 'center', alignItems: 'center', maxWidth: 480 }}>
        <BrandLogo size={44} />
        <Typography
          variant="h1"
          sx={{ color: 'primary.main', fontWeight: 800, fontSize: { xs: 72, sm: 96 }, lineHeight: 1 }}
        >
          404
        </Typography>
        <Typography variant="h6" component="h1">
          {MSG.paginaNoExiste}
        </Typography>
        <Button component={RouterLink} to="/login" variant="contained" size="large">
          {MSG.irAlLogin}
        </Button>
      </Stack>
    </Box>
  );
}

export default NotFoundPage;
