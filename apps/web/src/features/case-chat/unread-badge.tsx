import { type ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import { fmt } from '@vialex/domain';
import { T } from './format';

/** The unread count of one room on its workspace tab. */
export function UnreadBadge({ count, children }: { count: number; children: ReactNode }) {
  if (!count) return <>{children}</>;
  return (
    <Badge
      badgeContent={count}
      color="error"
      max={99}
      sx={{ '& .MuiBadge-badge': { right: -10 } }}
      slotProps={{
        badge: { 'aria-label': fmt(T.noLeidos, { n: count }), 'data-testid': 'chat-unread-badge' } as object,
      }}
    >
      {children}
    </Badge>
  );
}
