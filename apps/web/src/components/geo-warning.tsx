import Alert from '@mui/material/Alert';
import LocationOff from '@mui/icons-material/LocationOff';
import type { SxProps, Theme } from '@mui/material/styles';
import { MSG } from '@vialex/domain';
import { useGeoStore } from '../lib/geo';

/**
 * The warning the spec shows on login and on every staff screen while location is off; a browser
 * without geolocation at all is told so (spec 2 §8), since switching it on would not help.
 */
export function GeoWarning({ sx }: { sx?: SxProps<Theme> }) {
  const geoOff = useGeoStore((s) => s.geoOff);
  const unsupported = useGeoStore((s) => s.unsupported);
  if (!geoOff) return null;
  return (
    <Alert severity="warning" variant="filled" icon={<LocationOff />} role="alert" data-testid="geo-warning" sx={sx}>
      {unsupported ? MSG.geolocalizacionNoSoportada : MSG.geolocalizacionApagada}
    </Alert>
  );
}
