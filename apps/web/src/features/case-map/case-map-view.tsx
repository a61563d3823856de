import { useEffect, useState } from 'react';
import { useFillHeight } from '../../lib/use-fill-height';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { LABELS, MSG, fmt } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { useFeedback } from '../../components/list/use-feedback';
import { CenteredSpinner } from '../../components/centered-spinner';
import { useCaseMap, useMapSource, useMarkArrival } from './api/map-api';
import { MapCanvas } from './map-canvas';
import { ArrivalTimes, PeopleLegend } from './map-panel';
import { markerModel, mergeLive } from './model';
import { useMapLive } from './use-map-live';

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

/**
 * The mapa tab (issue 13; spec 2 §2 "Case map", §4 "Arrival"): the map with the client, the lawyer
 * and the investigator moving live, the investigator's route, the arrival times, the people
 * without a position, and 'Marcar llegada' for the case's own investigator.
 */
export function CaseMapView({ caseId }: { caseId: string }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const query = useCaseMap(caseId);
  const now = useNow();
  const heard = useMapLive(caseId, query.data?.topics, query.dataUpdatedAt, () => void query.refetch());
  const arrival = useMarkArrival(caseId);
  const feedback = useFeedback();
  // A phone: the map and its panel fill the screen under the tabs, the times and the arrival
  // button at the bottom, under the thumb. A desk: what is left below the tabs.
  const ready = !!query.data;
  const { ref, height } = useFillHeight({
    phone,
    minDesk: 420,
    phoneTop: useMapSource().phoneTop,
    active: ready,
    remeasure: ready,
  });

  if (query.isError && !query.data)
    return (
      <Alert severity={isApiError(query.error) && query.error.status === 403 ? 'info' : 'error'}>
        {isApiError(query.error) ? query.error.message : MSG.algoSalioMal}
      </Alert>
    );
  if (!query.data) return <CenteredSpinner />;
  const map = query.data;
  const people = mergeLive(map.personas, heard, query.dataUpdatedAt).map((p) => markerModel(p, now));
  const markArrival = () =>
    arrival.mutate(undefined, {
      onSuccess: (res) => feedback.success(undefined, res.message),
      onError: (e) => feedback.fail(e),
    });

  const panel = <ArrivalTimes map={map} now={now} marking={arrival.isPending} onMarkArrival={markArrival} />;
  const legend = <PeopleLegend people={people} dense={phone} />;
  const notice = map.destino.porDefecto && (
    <Alert severity="warning" data-testid="map-default-place" sx={{ py: 0, '& .MuiAlert-message': { py: 0.75 } }}>
      {fmt(T.casoSinUbicacion, { direccion: map.destino.direccion })}
    </Alert>
  );
  const canvas = (
    <MapCanvas
      caseId={caseId}
      destino={map.destino}
      people={people}
      ruta={map.ruta}
      teselas={map.teselas}
      compact={phone}
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
      {feedback.element}
    </Box>
  );
}

export default CaseMapView;
