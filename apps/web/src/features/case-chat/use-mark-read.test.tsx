import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import type { ChatRoom, ChatUnread } from '@vialex/domain';
import { chatUnreadKey } from '../../lib/chat-keys';
import { useMarkRead } from './use-chat-room';
import { renderHookWithApp } from '../../test/render';
import { createQueryClient } from '../../lib/query-client';
import { fakeApi, json } from '../../test/fake-api';

const CASE = 'c-leido';
const sala = { ultimo: 5, noLeidos: 2 } as ChatRoom;

describe('useMarkRead', () => {
  it("puts the room's new unread count into the tabs' badges from its answer, without reading every room's count", async () => {
    const api = fakeApi({ [`POST /api/casos/${CASE}/chats/general/leidos`]: () => json({ noLeidos: 0 }) });
    const queryClient = createQueryClient();
    queryClient.setQueryData<ChatUnread[string]>(chatUnreadKey(CASE), { general: 2, perito: 3 });
    renderHookWithApp(() => useMarkRead(CASE, 'general', sala, true), { queryClient });
    await waitFor(() => expect(queryClient.getQueryData(chatUnreadKey(CASE))).toEqual({ general: 0, perito: 3 }));
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([`POST /api/casos/${CASE}/chats/general/leidos`]);
    expect(api.calls[0].body).toEqual({ hasta: 5 });
  });
});
