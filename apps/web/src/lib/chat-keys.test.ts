import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { ChatKind, LiveEvent } from '@vialex/domain';
import { chatRoomKey, chatUnreadKey, onUnreadEvent } from './chat-keys';

const CASE = 'c1';
const unread = (tipo: ChatKind, caseId = CASE): LiveEvent => ({ name: 'chat.unread', caseId, tipo });

/** A query client with the case's counts on screen (an observer, as the tabs' badges are), and their reads counted. */
async function withCounts() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  let reads = 0;
  const counts = new QueryObserver(queryClient, {
    queryKey: chatUnreadKey(CASE),
    queryFn: async () => {
      reads++;
      return { general: 1, perito: 0 };
    },
  });
  const stop = counts.subscribe(() => undefined);
  await counts.refetch();
  const settled = async () => {
    while (queryClient.isFetching() > 0) await new Promise((r) => setTimeout(r, 0));
    return reads;
  };
  return { queryClient, settled, stop };
}

/** A room of the case on screen: its query with an observer; answers the unsubscribe. */
function roomOnScreen(queryClient: QueryClient, tipo: ChatKind) {
  const room = new QueryObserver(queryClient, { queryKey: chatRoomKey(CASE, tipo), queryFn: async () => ({}) });
  return room.subscribe(() => undefined);
}

describe('onUnreadEvent', () => {
  it("reads the case's counts again when no screen shows the room the event names", async () => {
    const { queryClient, settled, stop } = await withCounts();
    expect(await settled()).toBe(1);
    onUnreadEvent(queryClient, CASE, unread('general'));
    expect(await settled()).toBe(2);
    stop();
  });

  it('leaves them to the screen of that room (its read after the message answers the count), not to another room', async () => {
    const { queryClient, settled, stop } = await withCounts();
    const leave = roomOnScreen(queryClient, 'general');
    onUnreadEvent(queryClient, CASE, unread('general'));
    expect(await settled()).toBe(1);
    onUnreadEvent(queryClient, CASE, unread('perito'));
    expect(await settled()).toBe(2);
    // The room's screen closed: its query is still cached, with nobody watching it.
    leave();
    onUnreadEvent(queryClient, CASE, unread('general'));
    expect(await settled()).toBe(3);
    stop();
  });

  it("ignores another case's event and other events", async () => {
    const { queryClient, settled, stop } = await withCounts();
    onUnreadEvent(queryClient, CASE, unread('general', 'c2'));
    onUnreadEvent(queryClient, CASE, { name: 'chat.message', roomId: 'r1', indexId: 2 });
    expect(await settled()).toBe(1);
    stop();
  });
});
