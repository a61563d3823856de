import '../lib/zod-jitless';
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ClientMe } from '@vialex/domain';
import { DataProviders } from './data-providers';
import { ChatRoom, type ChatRoomSource } from '../features/case-chat';
import { CaseMapTab, mapKey, type MapSource } from '../features/case-map';
import { CLIENT_API, ClientCasePage, clientLive, useClientLive } from '../features/client-entry';

/** The client's bar (56 px) and tabs (48 px) above the room and the map on a phone. */
const CLIENT_PHONE_TOP = 104;

/** The client's map: their own routes and live channel (spec 3 §2; no 'Marcar llegada' for them). */
const CLIENT_MAP_SOURCE: MapSource = {
  path: () => CLIENT_API.map,
  live: clientLive,
  phoneTop: CLIENT_PHONE_TOP,
  audience: 'client',
};

/** The case's general room as the client reaches it: /api/cliente/chat on their own live channel. */
function ClientChat({ me }: { me: ClientMe }) {
  const source = useMemo<ChatRoomSource>(
    () => ({ path: CLIENT_API.chat, live: clientLive, viewer: `cliente:${me.caseId}`, phoneTop: CLIENT_PHONE_TOP }),
    [me.caseId],
  );
  return <ChatRoom caseId={me.caseId} tipo="general" source={source} />;
}

/**
 * The driver's case (issue 14), composed from the features that fill it (features never import
 * each other): the información tab of features/client-entry, and the staff's chat room and map
 * given the client's endpoints and live channel.
 */
function ClientCase() {
  const queryClient = useQueryClient();
  // Its agents changed: the map reads who to show (the server already follows them).
  useClientLive((caseId) => void queryClient.invalidateQueries({ queryKey: mapKey(caseId) }));
  return (
    <ClientCasePage
      chat={(me) => <ClientChat key={me.caseId} me={me} />}
      mapa={(me) => <CaseMapTab key={me.caseId} caseId={me.caseId} source={CLIENT_MAP_SOURCE} />}
    />
  );
}

/** The case's tabs bring the data and toast providers the entry page goes without. */
export function ClientCaseRoute() {
  return (
    <DataProviders>
      <ClientCase />
    </DataProviders>
  );
}

export default ClientCaseRoute;
