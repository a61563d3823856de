import { useState } from 'react';
import { LABELS } from '@vialex/domain';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';

export interface ColumnChooserProps {
  /** The columns that may be hidden: key and header. */
  columns: readonly { key: string; header: string }[];
  hidden: readonly string[];
  onToggle: (key: string) => void;
}

/** 'Elegir columnas': a menu of the middle columns, each a checkbox; the choice is the user's (column-choice.ts). */
export function ColumnChooser({ columns, hidden, onToggle }: ColumnChooserProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={LABELS.list.elegirColumnas}>
        <IconButton
          aria-label={LABELS.list.elegirColumnas}
          aria-haspopup="menu"
          aria-expanded={!!anchor}
          aria-controls={anchor ? 'column-chooser' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <ViewColumnOutlined />
        </IconButton>
      </Tooltip>
      <Menu
        id="column-chooser"
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': LABELS.list.elegirColumnas, dense: true } }}
      >
        {columns.map((c) => {
          const shown = !hidden.includes(c.key);
          return (
            <MenuItem key={c.key} role="menuitemcheckbox" aria-checked={shown} onClick={() => onToggle(c.key)}>
              <ListItemIcon>
                <Checkbox edge="start" size="small" checked={shown} tabIndex={-1} disableRipple aria-hidden />
              </ListItemIcon>
              <ListItemText primary={c.header} />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
