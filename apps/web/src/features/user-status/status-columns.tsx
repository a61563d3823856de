import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import { MSG, disponibilidadInfo, fmt } from '@vialex/domain';
import { RowAction, RowActions } from '../../components/list/row-action';
import type { ListColumn } from '../../components/list/types';
import type { StatusRow } from './api/list-user-status';
import { STATUS_TEXTS } from './texts';

export interface StatusColumnActions {
  availability: (u: StatusRow) => void;
  login: (u: StatusRow) => void;
  sessionTime: (u: StatusRow) => void;
  password: (u: StatusRow) => void;
}

export function statusColumns(actions: StatusColumnActions): ListColumn<StatusRow>[] {
  return [
    {
      key: 'nombre',
      header: STATUS_TEXTS.nombre,
      minWidth: 200,
      render: (u) => (
        <>
          {u.nombres} {u.apellidos}
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {u.email}
          </Typography>
        </>
      ),
    },
    { key: 'cargo', header: STATUS_TEXTS.cargo, minWidth: 150, render: (u) => u.cargo },
    {
      key: 'disponibilidad',
      header: STATUS_TEXTS.disponibilidad,
      minWidth: 190,
      render: (u) => {
        const info = disponibilidadInfo(u.disponibilidad);
        return <Chip size="small" color={info.color} label={info.title} sx={{ fontWeight: 600 }} />;
      },
    },
    {
      key: 'login',
      header: STATUS_TEXTS.login,
      minWidth: 110,
      render: (u) =>
        u.login ? (
          <Chip size="small" color="primary" variant="outlined" label={MSG.logueado} />
        ) : (
          STATUS_TEXTS.sinSesion
        ),
    },
    {
      key: 'duracion',
      header: STATUS_TEXTS.tiempoSesion,
      minWidth: 130,
      render: (u) => fmt(STATUS_TEXTS.minutos, { n: u.duracion_sesion }),
    },
    {
      key: 'acciones',
      header: STATUS_TEXTS.acciones,
      stickyRight: true,
      render: (u) => (
        <RowActions>
          {u.actions.manageStatus && (
            <>
              <RowAction
                label={STATUS_TEXTS.accionDisponibilidad}
                icon={<EventAvailableOutlined fontSize="small" />}
                onClick={() => actions.availability(u)}
              />
              <RowAction
                label={STATUS_TEXTS.accionLogin}
                icon={<LogoutOutlined fontSize="small" />}
                onClick={() => actions.login(u)}
              />
              <RowAction
                label={STATUS_TEXTS.accionTiempo}
                icon={<TimerOutlined fontSize="small" />}
                onClick={() => actions.sessionTime(u)}
              />
            </>
          )}
          {/* Only the administrator sees it (spec 1 §6); the server says so per row. */}
          {u.actions.changePassword && (
            <RowAction
              label={MSG.cambiarContrasena}
              icon={<VpnKeyOutlined fontSize="small" />}
              onClick={() => actions.password(u)}
            />
          )}
        </RowActions>
      ),
    },
  ];
}
