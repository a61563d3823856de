import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListSubheader from '@mui/material/ListSubheader';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Chat from '@mui/icons-material/Chat';
import Draw from '@mui/icons-material/Draw';
import Engineering from '@mui/icons-material/Engineering';
import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import Flight from '@mui/icons-material/Flight';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import Lock from '@mui/icons-material/Lock';
import LockOpen from '@mui/icons-material/LockOpen';
import Search from '@mui/icons-material/Search';
import { MSG, fmt, fmtCount, type ChatKind, type ChatRoom as Sala } from '@vialex/domain';
import { T } from './format';

const ROOM_ICON = { general: Chat, perito: Engineering, dibujante: Draw };

/** 'Miembros de la sala': each member, online or not; a sheet from the bottom on a phone, a menu on a desk. */
function MembersList({
  sala,
  phone,
  anchor,
  onClose,
}: {
  sala: Sala;
  phone: boolean;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const rows =
    sala.miembros.length === 0 ? (
      <ListItem dense>
        <ListItemText secondary={T.sinMiembros} data-testid="chat-no-members" />
      </ListItem>
    ) : (
      sala.miembros.map((m) => (
        <ListItem key={m.id} dense>
          <ListItemIcon sx={{ minWidth: 28 }}>
            <FiberManualRecord
              sx={{ fontSize: 12, color: m.estado === 'online' ? 'success.main' : 'grey.500' }}
              aria-hidden
            />
          </ListItemIcon>
          <ListItemText
            primary={m.username}
            secondary={m.estado === 'online' ? T.enLinea : T.desconectado}
            data-testid="chat-member"
          />
        </ListItem>
      ))
    );
  const heading = (
    <ListSubheader component="li" sx={{ fontWeight: 700, lineHeight: '40px' }}>
      {T.miembros} · {fmtCount(T.miembrosN, sala.miembros.length)}
    </ListSubheader>
  );
  if (phone)
    return (
      <Drawer
        anchor="bottom"
        open={!!anchor}
        onClose={onClose}
        slotProps={{ paper: { sx: { borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '70dvh' } } }}
      >
        <List aria-label={T.miembros} data-testid="chat-members" subheader={heading}>
          {rows}
        </List>
      </Drawer>
    );
  return (
    // A list to read, not a menu of actions: a popover, as the phone's sheet.
    <Popover
      anchorEl={anchor}
      open={!!anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
    >
      <List aria-label={T.miembros} data-testid="chat-members" subheader={heading} sx={{ py: 0, minWidth: 260 }}>
        {rows}
      </List>
    </Popover>
  );
}

/**
 * The room's header: its name (who is in it; the general room says the client reads it), who is
 * online, its members, search, and the Investigador's and coordinators' buttons.
 */
export function RoomHeader({
  sala,
  tipo,
  meId,
  phone,
  staff,
  searchOpen,
  onSearch,
  onDrone,
  onBlock,
}: {
  phone: boolean;
  sala: Sala;
  tipo: ChatKind;
  meId: string;
  /** Seen by staff (the client's own page names the room for them). */
  staff: boolean;
  searchOpen: boolean;
  onSearch: () => void;
  onDrone: () => void;
  onBlock: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const Icon = ROOM_ICON[tipo];
  const online = sala.miembros.filter((m) => m.estado === 'online' && m.id !== meId);
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{
        alignItems: 'center',
        px: { xs: 1, sm: 2 },
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        flexWrap: sala.acciones.bloquear ? 'wrap' : 'nowrap',
        rowGap: 1,
      }}
      data-testid="chat-header"
    >
      <Avatar sx={{ bgcolor: 'primary.main', width: 36, height: 36 }}>
        <Icon fontSize="small" />
      </Avatar>
      <Box sx={{ minWidth: 0, flex: '1 1 120px' }}>
        <Typography
          component="h2"
          variant="subtitle1"
          sx={{ fontWeight: 700, lineHeight: 1.25 }}
          noWrap
          data-testid="chat-room-name"
        >
          {staff ? T.salas[tipo] : T.salaCliente}
        </Typography>
        {staff && tipo === 'general' && (
          <Typography
            variant="caption"
            color="text.secondary"
            noWrap
            component="p"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
            data-testid="chat-client-reads"
          >
            <Visibility sx={{ fontSize: 14 }} aria-hidden />
            {T.clienteLee}
          </Typography>
        )}
        <Box
          component="button"
          type="button"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-haspopup="dialog"
          data-testid="chat-online"
          sx={{
            border: 0,
            p: 0,
            bgcolor: 'transparent',
            font: 'inherit',
            cursor: 'pointer',
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            maxWidth: '100%',
            color: 'text.secondary',
          }}
        >
          <FiberManualRecord sx={{ fontSize: 10, color: online.length ? 'success.main' : 'grey.400' }} aria-hidden />
          <Typography variant="caption" noWrap component="span">
            {fmt(T.enLineaN, { n: online.length })}
            {online.length > 0 && ` · ${online.map((m) => m.username).join(', ')}`}
          </Typography>
        </Box>
        <MembersList sala={sala} phone={phone} anchor={anchor} onClose={() => setAnchor(null)} />
      </Box>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', ml: 'auto' }}>
        <Tooltip title={T.miembros}>
          <IconButton
            onClick={(e) => setAnchor(e.currentTarget)}
            // The badge's number is in the name: every visible word is (WCAG 2.5.3).
            aria-label={`${T.miembros} · ${fmtCount(T.miembrosN, sala.miembros.length)}`}
            aria-haspopup="dialog"
            data-testid="chat-members-button"
          >
            <Badge badgeContent={sala.miembros.length} color="primary" max={99}>
              <GroupOutlined />
            </Badge>
          </IconButton>
        </Tooltip>
        <Tooltip title={T.buscar}>
          <IconButton
            onClick={onSearch}
            aria-label={T.buscar}
            aria-pressed={searchOpen}
            color={searchOpen ? 'primary' : 'default'}
          >
            <Search />
          </IconButton>
        </Tooltip>
        {sala.acciones.fotosDrone &&
          (phone ? (
            <Tooltip title={T.fotosDrone}>
              <IconButton
                onClick={onDrone}
                aria-label={T.fotosDrone}
                data-testid="drone-button"
                sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', '&:hover': { bgcolor: 'primary.dark' } }}
              >
                <Flight />
              </IconButton>
            </Tooltip>
          ) : (
            <Button
              variant="contained"
              size="small"
              startIcon={<Flight />}
              onClick={onDrone}
              data-testid="drone-button"
              sx={{ whiteSpace: 'nowrap' }}
            >
              {T.fotosDrone}
            </Button>
          ))}
        {sala.acciones.bloquear && (
          <Button
            variant="outlined"
            size="small"
            color={sala.abierto ? 'error' : 'success'}
            startIcon={sala.abierto ? <Lock /> : <LockOpen />}
            onClick={onBlock}
            data-testid="chat-block"
            sx={{ whiteSpace: 'nowrap' }}
          >
            {sala.abierto ? MSG.bloquearChat : MSG.desbloquearChat}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
