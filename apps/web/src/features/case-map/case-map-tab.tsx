import { lazy, Suspense } from 'react';
import { CenteredSpinner } from '../../components/centered-spinner';

// Leaflet, react-leaflet and Leaflet's CSS come with this chunk only: the list and login routes
// don't grow (the route-size check in bench), and the map loads when its tab is opened.
const CaseMapView = lazy(() => import('./case-map-view'));

/** The workspace's mapa tab (composed in app/case-workspace-route.tsx), loaded with the tab. */
export function CaseMapTab({ caseId }: { caseId: string }) {
  return (
    <Suspense fallback={<CenteredSpinner />}>
      <CaseMapView caseId={caseId} />
    </Suspense>
  );
}
