import '../lib/zod-jitless';
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ClientMe } from '@vialex/domain';
import { DataProviders } from './data-providers';
import { ChatRoom, type ChatRoomSource } from '../features/case-chat';
import { CaseMapTab, mapKey, type MapSource } from '../features/case-map';
import { CLIENT_API, ClientCasePage, clientLive, useClientLive } from '../features/client-entry';

/*
 * On a phone the room and the map fill the screen below the client's sticky header (bar, tabs and
 * status card), whose measured height the case page gives as `phoneTop`.
 */

/** The client's map: their own routes and live channel (spec 3 §2; no 'Marcar llegada' for them). */
function ClientMap({ me, phoneTop }: { me: ClientMe; phoneTop: number }) {
  const source = useMemo<MapSource>(
    () => ({ path: () => CLIENT_API.map, live: clientLive, phoneTop, audience: 'client' }),
    [phoneTop],
  );
  return <CaseMapTab caseId={me.caseId} source={source} />;
}

/** The case's general room as the client reaches it: /api/cliente/chat on their own live channel. */
function ClientChat({ me, phoneTop }: { me: ClientMe; phoneTop: number }) {
  const source = useMemo<ChatRoomSource>(
    () => ({ path: CLIENT_API.chat, live: clientLive, viewer: `cliente:${me.caseId}`, phoneTop }),
    [me.caseId, phoneTop],
  );
  return <ChatRoom caseId={me.caseId} tipo="general" source={source} />;
}

/**
 * The driver's case, composed from the features that fill it (features never import
 * each other): the información tab of features/client-entry, and the staff's chat room and map
 * given the client's endpoints and live channel.
 */
function ClientCase() {
  const queryClient = useQueryClient();
  // Its agents changed: the map reads who to show (the server already follows them).
  useClientLive((caseId) => void queryClient.invalidateQueries({ queryKey: mapKey(caseId) }));
  return (
    <ClientCasePage
      chat={(me, phoneTop) => <ClientChat key={me.caseId} me={me} phoneTop={phoneTop} />}
      mapa={(me, phoneTop) => <ClientMap key={me.caseId} me={me} phoneTop={phoneTop} />}
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
