import { CaseMapTab, type MapSource } from '../features/case-map';
import { CLIENT_API, ClientCasePage, clientLive, useClientLive } from '../features/client-entry';

/** The client's map: their own routes and live channel (spec 3 §2; no 'Marcar llegada' for them). */
const CLIENT_MAP_SOURCE: MapSource = { path: () => CLIENT_API.map, live: clientLive };

/**
 * The driver's case (issue 14), composed from the features that fill it (features never import
 * each other): the información tab of features/client-entry, the staff's chat room and map given
 * the client's endpoints and live channel.
 */
export function ClientCaseRoute() {
  useClientLive();
  return (
    <ClientCasePage
      chat={() => null}
      mapa={(me) => <CaseMapTab key={me.caseId} caseId={me.caseId} source={CLIENT_MAP_SOURCE} />}
    />
  );
}

export default ClientCaseRoute;
