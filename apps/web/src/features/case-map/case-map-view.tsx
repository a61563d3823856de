import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import AddLocationAlt from '@mui/icons-material/AddLocationAlt';
import { useFillHeight } from '../../lib/use-fill-height';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  ARRIVAL_WARN_METERS,
  FEEDBACK,
  LABELS,
  MSG,
  distanceMeters,
  distanceText,
  fmt,
  type CaseMap,
} from '@vialex/domain';
import { useFeedback } from '../../components/list/use-feedback';
import { CenteredSpinner } from '../../components/centered-spinner';
import { useCaseMap, useMapSource, useMarkArrival, usePlaceCase } from './api/map-api';
import { useConfirm } from '../../components/list/use-confirm';
import { ButtonSpinner } from '../../components/button-spinner';
import { useGeoStore } from '../../lib/geo';
import { MapCanvas } from './map-canvas';
import { ArrivalTimes, PeopleLegend } from './map-panel';
import { markerModel, mergeLive } from './model';
import { useMapLive } from './use-map-live';
import { QueryFailed, failureShown } from '../../components/query-failed';
import { usePhone } from '../../lib/use-phone';

const T = LABELS.mapa;

/** The current time, again every `everyMs`: ages and staleness move on without new data. */
function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The typed address a failed geocoding names (the map's answer has no place to show it on). */
const caseAddress = (map: CaseMap) => map.lugar.direccion;

/**
 * The mapa tab (spec 2 §2 "Case map", §4 "Arrival"; D24): the map opened fitted to the place and
 * the people, moving live; the investigator's route and the arrival times; where the place came
 * from, and the pin for whoever manages the case ('Marcar en el mapa', or a message saying the
 * address was not found); 'Navegar' for the case's agents; 'Marcar llegada' for its investigator,
 * confirmed and warned when the phone is far. The driver reads their own words.
 */
export function CaseMapView({ caseId }: { caseId: string }) {
  const phone = usePhone();
  const source = useMapSource();
  const client = source.audience === 'client';
  const query = useCaseMap(caseId);
  const now = useNow();
  const heard = useMapLive(caseId, query.data?.topics, query.dataUpdatedAt, () => void query.refetch());
  const arrival = useMarkArrival(caseId);
  const placing = usePlaceCase(caseId);
  const [picking, setPicking] = useState(false);
  const device = useGeoStore((g) => g.position);
  const { confirm, element: confirmDialog } = useConfirm();
  const feedback = useFeedback();
  // A phone: the map and its panel fill the screen under the tabs, the times and the arrival
  // button at the bottom, under the thumb. A desk: what is left below the tabs.
  const ready = !!query.data;
  const { ref, height } = useFillHeight({
    phone,
    minDesk: 420,
    phoneTop: source.phoneTop,
    active: ready,
    remeasure: ready,
  });

  if (failureShown(query)) return <QueryFailed error={query.error} onRetry={query.refetch} />;
  if (!query.data) return <CenteredSpinner />;
  const map = query.data;
  const people = mergeLive(map.personas, heard, query.dataUpdatedAt).map((p) => markerModel(p, now));

  // 'Marcar llegada' asks first, naming the case, and warns when the phone is far from the place.
  const markArrival = async () => {
    const away = device && map.destino ? distanceMeters({ lat: device.lat, lng: device.long }, map.destino) : undefined;
    const far = away !== undefined && away > ARRIVAL_WARN_METERS;
    const ok = await confirm({
      title: fmt(T.confirmarLlegada, { caso: map.caso }),
      text: away === undefined || far ? undefined : fmt(T.confirmarLlegadaDistancia, { distancia: distanceText(away) }),
      warning: far ? fmt(T.llegadaLejos, { distancia: distanceText(away) }) : undefined,
      confirmText: T.siLlegue,
      cancelText: MSG.cancelar,
    });
    if (!ok) return;
    arrival.mutate(undefined, {
      onSuccess: (res) => feedback.success(fmt(FEEDBACK.caso, { caso: map.caso }), res.message),
      onError: (e) => feedback.fail(e),
    });
  };
  // The pin: a tap on the map picks the point, a confirmation names the case.
  const pick = async (at: { lat: number; lng: number }) => {
    setPicking(false);
    const ok = await confirm({
      title: fmt(T.confirmarLugar, { caso: map.caso }),
      text: T.confirmarLugarTexto,
      confirmText: T.siMarcar,
      cancelText: MSG.cancelar,
    });
    if (!ok) return;
    placing.mutate(at, {
      onSuccess: (res) => feedback.success(fmt(FEEDBACK.caso, { caso: map.caso }), res.message),
      onError: (e) => feedback.fail(e),
    });
  };

  const panel = (
    <ArrivalTimes map={map} now={now} marking={arrival.isPending} onMarkArrival={() => void markArrival()} />
  );
  const legend = <PeopleLegend people={people} dense={phone} />;
  const placeAction = map.acciones.marcarLugar && (
    <Button
      size="small"
      variant={map.destino ? 'text' : 'contained'}
      startIcon={placing.isPending ? <ButtonSpinner /> : <AddLocationAlt />}
      onClick={() => setPicking((p) => !p)}
      disabled={placing.isPending}
      data-testid="map-place-pin"
      sx={{ alignSelf: 'flex-start', fontWeight: 700 }}
    >
      {picking ? T.cancelarMarcado : map.destino ? T.moverLugar : T.marcarLugar}
    </Button>
  );
  const notice = picking ? (
    <Alert severity="info" data-testid="map-picking" sx={{ py: 0, '& .MuiAlert-message': { py: 0.75 } }}>
      {T.marqueLugar}
    </Alert>
  ) : (
    !map.destino && (
      <Alert severity="warning" data-testid="map-no-place" sx={{ py: 0, '& .MuiAlert-message': { py: 0.75 } }}>
        {client
          ? T.clienteSinLugar
          : map.lugar.direccionNoUbicada
            ? fmt(T.direccionNoUbicada, { direccion: caseAddress(map) })
            : T.sinLugar}
      </Alert>
    )
  );
  const canvas = (
    <MapCanvas
      caseId={caseId}
      destino={map.destino}
      centro={map.centro}
      people={people}
      ruta={map.ruta}
      teselas={map.teselas}
      compact={phone}
      onPick={picking ? (at) => void pick(at) : undefined}
    />
  );

  return (
    <Box data-testid="case-map" ref={ref} sx={{ height, minHeight: 0 }}>
      {phone ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', mx: -2 }}>
          {notice}
          <Box sx={{ flex: 1, minHeight: 240 }}>{canvas}</Box>
          <Paper
            square
            elevation={6}
            data-testid="map-panel"
            sx={{ p: 1.5, display: 'grid', gap: 1.25, borderTop: 1, borderColor: 'divider', zIndex: 1 }}
          >
            {placeAction}
            {legend}
            {panel}
          </Paper>
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 340px', gap: 2, height: '100%' }}>
          <Paper variant="outlined" sx={{ overflow: 'hidden', minHeight: 0 }}>
            {canvas}
          </Paper>
          <Paper
            variant="outlined"
            data-testid="map-panel"
            sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2, overflowY: 'auto', minHeight: 0 }}
          >
            {notice}
            {placeAction}
            {panel}
            <Box>
              <Typography component="h2" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
                {T.personas}
              </Typography>
              {legend}
            </Box>
          </Paper>
        </Box>
      )}
      {confirmDialog}
      {feedback.element}
    </Box>
  );
}

export default CaseMapView;
