import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { MSG, NOTIFICATIONS_UNREAD_CAP, TITLES, fmt, type NotificationItem, momentText } from '@vialex/domain';
import { useConnection } from '../../lib/connection';
import { closeNoticeToasts, openNoticeLink } from '../../lib/notice-toast';
import { useCurrentUser } from '../../lib/session';
import { useMarkAllRead, useMarkRead, useNotifications } from './api/notifications';
import { useNotificationToasts } from './use-notification-toasts';

/** The count on the bell: the number, or '99+' from the server's cap on. */
export function unreadLabel(unread: number): string {
  return unread >= NOTIFICATIONS_UNREAD_CAP ? `${NOTIFICATIONS_UNREAD_CAP - 1}+` : String(unread);
}

function NotificationRow({ item, onOpen }: { item: NotificationItem; onOpen: (item: NotificationItem) => void }) {
  return (
    // A list holds list items: the button goes inside one (axe: list).
    <ListItem disablePadding>
      <ListItemButton
        onClick={() => onOpen(item)}
        data-testid="notification-item"
        data-unread={!item.leida}
        sx={{
          alignItems: 'flex-start',
          gap: 1,
          bgcolor: item.leida ? undefined : 'action.hover',
          borderLeft: 4,
          borderColor: item.leida ? 'transparent' : 'primary.main',
        }}
      >
        <ListItemText
          primary={item.titulo}
          secondary={
            <>
              {item.cuerpo && (
                <Box component="span" sx={{ display: 'block', color: 'text.primary' }}>
                  {item.cuerpo}
                </Box>
              )}
              <Box component="span" sx={{ display: 'block' }}>
                {momentText(item.fechahora)}
              </Box>
            </>
          }
          slotProps={{ primary: { sx: { fontWeight: item.leida ? 400 : 700 } } }}
        />
      </ListItemButton>
    </ListItem>
  );
}

/**
 * The bell in the top bar: the user's notifications newest first with the unread count, kept
 * current by the live channel; opening one follows its link and marks it read.
 */
export function NotificationBell() {
  const me = useCurrentUser();
  useNotificationToasts(me.id);
  const navigate = useNavigate();
  const titleId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const { online, reason } = useConnection();

  const unread = notifications.data?.pages[0]?.unread ?? 0;
  const rows = notifications.data?.pages.flatMap((p) => p.rows) ?? [];
  const label =
    unread > 0
      ? `${MSG.abrirNotificaciones}, ${fmt(MSG.notificacionesSinLeer, { n: unreadLabel(unread) })}`
      : MSG.abrirNotificaciones;

  const open = (item: NotificationItem) => {
    setAnchor(null);
    if (!item.leida) markRead.mutate(item.id);
    if (item.url) openNoticeLink(item.url, navigate);
  };

  return (
    <>
      <Tooltip title={MSG.abrirNotificaciones}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={anchor ? true : undefined}
          onClick={(e) => {
            closeNoticeToasts();
            setAnchor(e.currentTarget);
          }}
          data-testid="notification-bell"
        >
          <Badge badgeContent={unread > 0 ? unreadLabel(unread) : undefined} color="error" data-testid="unread-badge">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { width: 380, maxWidth: 'calc(100vw - 16px)', maxHeight: 'min(560px, calc(100dvh - 80px))' },
          } as object,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
              {TITLES.notificaciones}
            </Typography>
            {unread > 0 && (
              <Typography variant="body2" color="text.secondary">
                {fmt(MSG.notificacionesSinLeer, { n: unreadLabel(unread) })}
              </Typography>
            )}
          </Box>
          <Tooltip title={online ? '' : (reason ?? '')}>
            <span>
              <Button size="small" onClick={() => markAll.mutate(null)} disabled={unread === 0 || !online}>
                {MSG.marcarTodasLeidas}
              </Button>
            </span>
          </Tooltip>
        </Box>
        <Divider />
        {notifications.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress size={28} aria-label={MSG.cargando} />
          </Box>
        ) : notifications.isError && !rows.length ? (
          <Box sx={{ p: 2, textAlign: 'center' }}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {MSG.errorServidor}
            </Typography>
            <Button size="small" onClick={() => void notifications.refetch()}>
              {MSG.reintentar}
            </Button>
          </Box>
        ) : rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {MSG.sinNotificaciones}
          </Typography>
        ) : (
          <List dense disablePadding aria-labelledby={titleId} data-testid="notification-list">
            {rows.map((item) => (
              <NotificationRow key={item.id} item={item} onOpen={open} />
            ))}
          </List>
        )}
        {notifications.hasNextPage && (
          <>
            <Divider />
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
              <Button
                size="small"
                onClick={() => void notifications.fetchNextPage()}
                disabled={notifications.isFetchingNextPage}
              >
                {MSG.verMasNotificaciones}
              </Button>
            </Box>
          </>
        )}
      </Popover>
    </>
  );
}
