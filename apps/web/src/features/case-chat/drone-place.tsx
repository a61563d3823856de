import { useContext, type ReactNode } from 'react';
import { Link as RouterLink, useInRouterContext, useLocation } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Place from '@mui/icons-material/Place';
import { fmt, tabVisible, type ChatMessage, type WorkspaceViewerKind } from '@vialex/domain';
import { CurrentUserContext } from '../../lib/session';
import { T } from './format';

type Dron = NonNullable<ChatMessage['dron']>;

/** The mapa tab's rule reads no request flags (only the expert's and draftsperson's rooms do). */
const NO_REQUESTS = { solicitud_perito: false, solicitud_dibujante: false, uidperito: null, uiddibujante: null };

/**
 * The case's map centred on a point: the room's own path with its tab (chat…) replaced by mapa —
 * /gestionar-caso/{id}/mapa for staff, /caso-cliente/mapa for the driver. Null off a room's tab.
 */
export function mapHref(pathname: string, at: { lat: number; lng: number }): string | null {
  const base = pathname.replace(/\/$/, '').match(/^(.*)\/(chat|chat_perito|chat_dibujante)$/)?.[1];
  if (base === undefined) return null;
  const q = new URLSearchParams({ lat: at.lat.toFixed(6), lng: at.lng.toFixed(6) });
  return `${base}/mapa?${q}`;
}

function PlaceLine({ children }: { children: ReactNode }) {
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="div"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }}
      data-testid="drone-place"
    >
      <Place sx={{ fontSize: 14 }} aria-hidden />
      {children}
    </Typography>
  );
}

function PlaceAt({ dron, pathname, routed }: { dron: Dron; pathname: string; routed: boolean }) {
  const me = useContext(CurrentUserContext);
  // No staff session: the driver's own app, whose map tab they always have (spec 3 §2).
  const viewer: WorkspaceViewerKind = me?.cargo ?? 'Cliente';
  if (dron.latitud === null || dron.longitud === null) return <PlaceLine>{T.sinUbicacion}</PlaceLine>;
  const at = { lat: dron.latitud, lng: dron.longitud };
  const href = tabVisible(viewer, 'mapa', NO_REQUESTS) ? mapHref(pathname, at) : null;
  // Who has no map (Perito, Coordinador Perito) still reads where the photos were taken.
  if (!href) return <PlaceLine>{fmt(T.ubicacion, { lat: at.lat.toFixed(5), long: at.lng.toFixed(5) })}</PlaceLine>;
  const link = {
    underline: 'always',
    'aria-label': T.verEnMapaDetalle,
    'data-testid': 'drone-map-link',
    sx: { fontWeight: 600 },
  } as const;
  return (
    <PlaceLine>
      {routed ? (
        <Link component={RouterLink} to={href} {...link}>
          {T.verEnMapa}
        </Link>
      ) : (
        <Link href={href} {...link}>
          {T.verEnMapa}
        </Link>
      )}
    </PlaceLine>
  );
}

function RoutedPlace({ dron }: { dron: Dron }) {
  return <PlaceAt dron={dron} pathname={useLocation().pathname} routed />;
}

/**
 * Where drone photos were taken: 'Ver en el mapa' (the case's map tab centred there) for whoever
 * has the map, the coordinates for who has not, 'Sin ubicación del dispositivo' without a position.
 */
export function DronePlace({ dron }: { dron: Dron }) {
  // A room's unit tests render it without a router: the page's own path then.
  return useInRouterContext() ? (
    <RoutedPlace dron={dron} />
  ) : (
    <PlaceAt dron={dron} pathname={window.location.pathname} routed={false} />
  );
}
