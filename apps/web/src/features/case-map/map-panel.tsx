import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Flag from '@mui/icons-material/Flag';
import Navigation from '@mui/icons-material/Navigation';
import Schedule from '@mui/icons-material/Schedule';
import { LABELS, type CaseMap, type MapPerson } from '@vialex/domain';
import { arrivalText, isEstimate, legText, navigationLinks, placeSource, type MarkerModel } from './model';
import { ROLE_COLORS, STALE_COLOR } from './marker-html';
import { ButtonSpinner } from '../../components/button-spinner';

const T = LABELS.mapa;

export interface ArrivalTimesProps {
  map: Pick<CaseMap, 'tiempos' | 'proveedor' | 'llegada' | 'acciones' | 'destino' | 'personas' | 'lugar'>;
  now: number;
  marking: boolean;
  onMarkArrival: () => void;
}

/**
 * The times and the arrival (spec 2 §2, §4): 'Investigador: 12 min (4,3 km)', 'Abogado: Sin
 * asignar', labelled as a straight-line estimate when they are one; where the place came from;
 * 'Navegar' for the case's agents; 'Marcar llegada' for the case's own investigator until it is
 * marked (disabled, saying why, while the case has no place), then the arrival's Bogotá time.
 */
export function ArrivalTimes({ map, now, marking, onMarkArrival }: ArrivalTimesProps) {
  const estimate = isEstimate(map);
  const source = placeSource(map.lugar);
  const assigned = (rol: MapPerson['rol']) => map.personas.some((p) => p.rol === rol);
  return (
    <Stack spacing={1} data-testid="map-times">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Schedule fontSize="small" color="primary" aria-hidden />
        <Typography component="h2" variant="subtitle2" sx={{ fontWeight: 700 }}>
          {T.tiemposLlegada}
        </Typography>
        {estimate && <Chip size="small" variant="outlined" label={T.estimadoLineaRecta} data-testid="map-estimate" />}
      </Stack>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.25 }}>
        {(['investigador', 'abogado'] as const).map((rol) => (
          <Typography
            component="li"
            key={rol}
            variant="body2"
            data-testid={`map-time-${rol}`}
            sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
          >
            <Box
              component="span"
              aria-hidden
              sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: ROLE_COLORS[rol], flex: 'none' }}
            />
            {legText(rol, map.tiempos[rol], {
              sinLugar: !map.destino,
              asignado: assigned(rol),
            })}
          </Typography>
        ))}
      </Box>
      {source && (
        <Typography variant="caption" color="text.secondary" data-testid="map-place-source">
          {source}
        </Typography>
      )}
      {map.acciones.navegar && map.destino && <NavigateButton to={map.destino} />}
      {map.llegada.marcada ? (
        <Typography
          data-testid="map-arrival"
          variant="body2"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 700, color: 'success.dark' }}
        >
          <CheckCircle fontSize="small" aria-hidden />
          {map.llegada.fecha ? arrivalText(map.llegada.fecha, now) : T.llego}
        </Typography>
      ) : map.acciones.marcarLlegada ? (
        <Box>
          <Button
            variant="contained"
            size="large"
            fullWidth
            startIcon={marking ? <ButtonSpinner size={18} /> : <Flag />}
            disabled={marking || !!map.acciones.motivoLlegada}
            onClick={onMarkArrival}
            data-testid="mark-arrival"
            aria-describedby={map.acciones.motivoLlegada ? 'map-arrival-reason' : undefined}
            sx={{ minHeight: 48, fontWeight: 700 }}
          >
            {marking ? T.marcandoLlegada : T.marcarLlegada}
          </Button>
          {map.acciones.motivoLlegada && (
            <Typography id="map-arrival-reason" variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              {map.acciones.motivoLlegada}
            </Typography>
          )}
        </Box>
      ) : (
        // Without an investigator the times above already say 'Sin asignar'.
        assigned('investigador') && (
          <Typography variant="body2" color="text.secondary" data-testid="map-no-arrival">
            {T.sinLlegada}
          </Typography>
        )
      )}
    </Stack>
  );
}

/** 'Navegar': the route to the case's place in the phone's navigator (Google Maps, Waze, another). */
function NavigateButton({ to }: { to: { lat: number; lng: number } }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const links = navigationLinks(to);
  const menuId = useId();
  return (
    <>
      <Button
        variant="outlined"
        fullWidth
        startIcon={<Navigation />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        data-testid="map-navigate"
        sx={{ minHeight: 44, fontWeight: 700 }}
      >
        {T.navegar}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {(
          [
            ['google', T.navegarGoogle],
            ['waze', T.navegarWaze],
            ['geo', T.navegarOtra],
          ] as const
        ).map(([key, label]) => (
          <MenuItem
            key={key}
            component="a"
            href={links[key]}
            target={key === 'geo' ? undefined : '_blank'}
            rel="noopener"
            onClick={() => setAnchor(null)}
            data-testid={`map-navigate-${key}`}
          >
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/**
 * Who is on the map, below it: each person's marker colour, name, role and what is known of
 * their position ('En vivo · hace 1 min', 'Posición antigua · hace 9 min', 'Ubicación
 * desactivada', 'Sin ubicación'). People without a position are only here. `dense` (a phone):
 * one line each, the name left to the info window.
 */
export function PeopleLegend({ people, dense = false }: { people: MarkerModel[]; dense?: boolean }) {
  return (
    <Box
      component="ul"
      aria-label={T.personas}
      data-testid="map-legend"
      sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.75 }}
    >
      {people.map((m) => {
        const grey = m.state === 'stale' || m.state === 'off' || m.state === 'none';
        return (
          <Box
            component="li"
            key={m.rol}
            data-testid={`map-person-${m.rol}`}
            data-state={m.state}
            sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, minWidth: 0 }}
          >
            <Box
              component="span"
              aria-hidden
              sx={{
                mt: 0.5,
                width: 12,
                height: 12,
                borderRadius: '50%',
                flex: 'none',
                bgcolor: grey ? 'transparent' : ROLE_COLORS[m.rol],
                border: grey ? `2px dashed ${STALE_COLOR}` : 'none',
              }}
            />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 700, flex: 'none' }}>
                  {m.etiqueta}
                </Typography>
                <Typography
                  variant="caption"
                  data-testid="map-person-state"
                  noWrap
                  sx={{ ml: 'auto', minWidth: 0, color: grey ? 'text.secondary' : 'success.dark', fontWeight: 600 }}
                >
                  {m.estado}
                </Typography>
              </Box>
              {!dense && (
                <Typography variant="caption" component="p" color="text.secondary" noWrap>
                  {m.nombre}
                </Typography>
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
