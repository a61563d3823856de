import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { topics, type NotificationPage } from '@vialex/domain';
import { live } from '../../lib/live';
import { showNoticeToast } from '../../lib/notice-toast';
import { notificationsQueryKey, useMarkRead } from './api/notifications';

/**
 * A notice naming the user, heard on the live channel, shows as a toast too: an assignment is
 * noticed in the app even where Web Push is unavailable or refused. When the push arrives as
 * well, both are one toast (same title and link). The bell's list refreshes first (use-live
 * invalidates it); the toast reads the notice from there.
 */
export function useNotificationToasts(userId: string): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const markRead = useMarkRead();
  const { mutate } = markRead;

  useEffect(
    () =>
      live.on(topics.user(userId), (event) => {
        if (event.name !== 'notification.created') return;
        void (async () => {
          await queryClient.refetchQueries({ queryKey: notificationsQueryKey, type: 'active' });
          const pages = queryClient.getQueryData<InfiniteData<NotificationPage>>(notificationsQueryKey);
          const notice = pages?.pages[0]?.rows.find((r) => r.id === event.id);
          if (!notice || notice.leida) return;
          showNoticeToast({ title: notice.titulo, body: notice.cuerpo, url: notice.url || undefined }, navigate, () =>
            mutate(notice.id),
          );
        })();
      }),
    [userId, queryClient, navigate, mutate],
  );
}
