import { useId, useState, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import MoreVert from '@mui/icons-material/MoreVert';
import { LABELS, fmt } from '@vialex/domain';
import { useConnection } from '../../lib/connection';

export interface OverflowItem {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** Why it can't be done now: shown disabled, the reason written under it. */
  reason?: string;
  testId?: string;
}

/**
 * A card's ⋮ menu: what the cargo may do but is not their daily work (archiving the whole case),
 * kept off the card's buttons so a thumb does not reach it by mistake. Each item asks first
 * (the row's action confirms, naming the case).
 */
export function CardOverflowMenu({ caso, items }: { caso: number; items: OverflowItem[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const offline = useConnection().reason;
  if (items.length === 0) return null;
  const label = fmt(LABELS.casos.masAcciones, { caso });
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={!!anchor}
          aria-controls={anchor ? menuId : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
          edge="end"
          data-testid="card-more"
        >
          <MoreVert />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {items.map((item) => {
          const reason = item.reason ?? offline;
          return (
            <MenuItem
              key={item.label}
              disabled={!!reason}
              data-testid={item.testId}
              onClick={() => {
                setAnchor(null);
                item.onClick();
              }}
            >
              <ListItemIcon>{item.icon}</ListItemIcon>
              <ListItemText
                primary={item.label}
                secondary={reason}
                slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
