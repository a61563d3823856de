import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Login from '@mui/icons-material/Login';
import { MSG } from '@vialex/domain';
import { BrandLogo } from '../../components/brand-logo';
import { GeoWarning } from '../../components/geo-warning';
import { useGeolocationWatch } from '../../lib/geo';

/**
 * The client's case entry (/login/auth-cliente/:id). This issue only shows its frame: the logo,
 * the location warning and the entry button, still disabled; the entry itself comes later.
 */
export function ClientEntryPage() {
  useGeolocationWatch();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', px: 2, bgcolor: 'background.default' }}
    >
      <Stack spacing={2} sx={{ width: '100%', maxWidth: 420 }}>
        <GeoWarning />
        <Card elevation={4} sx={{ borderRadius: 4 }}>
          <CardContent sx={{ p: 4 }}>
            <Stack spacing={4} sx={{ alignItems: 'center' }}>
              <BrandLogo size={56} />
              <Button variant="contained" size="large" fullWidth startIcon={<Login />} disabled>
                {MSG.ingresarAlCaso}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}

export default ClientEntryPage;
