import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { NotificationPage, NotificationsReadResponse } from '@vialex/domain';
import { api } from '../../../lib/api';

/** Every notifications query lives under this key; the live channel's notification events invalidate it. */
export const notificationsQueryKey = ['notificaciones'] as const;

export function fetchNotifications(cursor: string | null, signal?: AbortSignal): Promise<NotificationPage> {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return api.get<NotificationPage>(`/api/notificaciones${query}`, { signal });
}

/** The viewer's notifications, newest first, one page at a time (Ver más loads the next). */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationsQueryKey,
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
  });
}

type Pages = InfiniteData<NotificationPage, string | null>;

/** Marks read in the cached pages at once (and the count), before the server answers. */
function markInCache(pages: Pages | undefined, id: string | null, unread: number | null): Pages | undefined {
  if (!pages) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page, i) => ({
      ...page,
      rows: page.rows.map((row) => (id === null || row.id === id ? { ...row, leida: true } : row)),
      unread: i === 0 && unread !== null ? unread : page.unread,
    })),
  };
}

function useMarkMutation(mark: (id: string | null) => Promise<NotificationsReadResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mark,
    onMutate: (id) => {
      const pages = queryClient.getQueryData<Pages>(notificationsQueryKey);
      const row = pages?.pages.flatMap((p) => p.rows).find((r) => r.id === id);
      const unread = pages?.pages[0]?.unread ?? 0;
      const next = id === null ? 0 : row && !row.leida ? Math.max(0, unread - 1) : unread;
      queryClient.setQueryData<Pages>(notificationsQueryKey, (old) => markInCache(old, id, next));
    },
    onSuccess: ({ unread }, id) =>
      queryClient.setQueryData<Pages>(notificationsQueryKey, (old) => markInCache(old, id, unread)),
    onError: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

/** Opening a notification marks it read. */
export function useMarkRead() {
  return useMarkMutation((id) => api.post<NotificationsReadResponse>(`/api/notificaciones/${id}/leida`));
}

/** 'Marcar todas como leídas'. */
export function useMarkAllRead() {
  return useMarkMutation(() => api.post<NotificationsReadResponse>('/api/notificaciones/leidas'));
}
