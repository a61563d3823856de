import { lazy, Suspense } from 'react';
import { CenteredSpinner } from '../../components/centered-spinner';
import { MapSourceContext, STAFF_MAP_SOURCE, type MapSource } from './api/map-api';

// Leaflet, react-leaflet and Leaflet's CSS come with this chunk only: the list and login routes
// don't grow (the route-size check in bench), and the map loads when its tab is opened.
const CaseMapView = lazy(() => import('./case-map-view'));

/**
 * The workspace's mapa tab (composed in app/case-workspace-route.tsx), loaded with the tab.
 * `source`: where the map reads from (the staff's routes and live channel unless given).
 */
export function CaseMapTab({ caseId, source = STAFF_MAP_SOURCE }: { caseId: string; source?: MapSource }) {
  return (
    <MapSourceContext.Provider value={source}>
      <Suspense fallback={<CenteredSpinner />}>
        <CaseMapView caseId={caseId} />
      </Suspense>
    </MapSourceContext.Provider>
  );
}
