import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import { LABELS, MSG, disponibilidadInfo, fmt } from '@vialex/domain';
import { ListCard } from '../../components/list/list-card';
import { nameOrEmail, type QuickSearch } from '../../components/list/quick-search';
import { RowAction, RowActions } from '../../components/list/row-action';
import type { ListColumn, RenderCard } from '../../components/list/types';
import type { StatusRow } from './api/list-user-status';

export interface StatusColumnActions {
  availability: (u: StatusRow) => void;
  login: (u: StatusRow) => void;
  sessionTime: (u: StatusRow) => void;
  password: (u: StatusRow) => void;
}

/** The phone's one search field: an e-mail, or the start of the name (first names, then surnames). */
export const STATUS_QUICK_SEARCH: QuickSearch = { label: LABELS.estadoUsuarios.buscarRapido, toCriteria: nameOrEmail };

function Availability({ u }: { u: StatusRow }) {
  const info = disponibilidadInfo(u.disponibilidad);
  return <Chip size="small" color={info.color} label={info.title} sx={{ fontWeight: 600 }} />;
}

function LoginState({ u }: { u: StatusRow }) {
  return u.login ? (
    <Chip size="small" color="primary" variant="outlined" label={MSG.logueado} />
  ) : (
    <>{LABELS.estadoUsuarios.sinSesion}</>
  );
}

/** The row's four actions, each only where the server's `actions` offer it. */
function StatusActions({ u, actions, labelled }: { u: StatusRow; actions: StatusColumnActions; labelled: boolean }) {
  return (
    <RowActions labelled={labelled}>
      {u.actions.manageStatus && (
        <>
          <RowAction
            label={LABELS.estadoUsuarios.accionDisponibilidad}
            icon={<EventAvailableOutlined fontSize="small" />}
            onClick={() => actions.availability(u)}
            labelled={labelled}
          />
          <RowAction
            label={LABELS.estadoUsuarios.accionLogin}
            icon={<LogoutOutlined fontSize="small" />}
            onClick={() => actions.login(u)}
            labelled={labelled}
          />
          <RowAction
            label={LABELS.estadoUsuarios.accionTiempo}
            icon={<TimerOutlined fontSize="small" />}
            onClick={() => actions.sessionTime(u)}
            labelled={labelled}
          />
        </>
      )}
      {/* Only the administrator sees it (spec 1 §6); the server says so per row. */}
      {u.actions.changePassword && (
        <RowAction
          label={MSG.cambiarContrasena}
          icon={<VpnKeyOutlined fontSize="small" />}
          onClick={() => actions.password(u)}
          labelled={labelled}
        />
      )}
    </RowActions>
  );
}

/** ESTADO USUARIOS's columns (spec 1 §2): the name stays at the left, the actions at the right. */
export function statusColumns(actions: StatusColumnActions): ListColumn<StatusRow>[] {
  return [
    {
      key: 'nombre',
      header: LABELS.estadoUsuarios.nombre,
      sticky: 'left',
      width: 230,
      render: (u) => (
        <>
          {u.nombres} {u.apellidos}
          <Typography
            component="span"
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block', overflowWrap: 'anywhere' }}
          >
            {u.email}
          </Typography>
        </>
      ),
    },
    { key: 'cargo', header: LABELS.estadoUsuarios.cargo, minWidth: 150, render: (u) => u.cargo },
    {
      key: 'disponibilidad',
      header: LABELS.estadoUsuarios.disponibilidad,
      minWidth: 190,
      render: (u) => <Availability u={u} />,
    },
    { key: 'login', header: LABELS.estadoUsuarios.login, minWidth: 110, render: (u) => <LoginState u={u} /> },
    {
      key: 'duracion',
      header: LABELS.estadoUsuarios.tiempoSesion,
      minWidth: 130,
      render: (u) => fmt(LABELS.estadoUsuarios.minutos, { n: u.duracion_sesion }),
    },
    {
      key: 'acciones',
      header: LABELS.estadoUsuarios.acciones,
      sticky: 'right',
      width: 170,
      render: (u) => <StatusActions u={u} actions={actions} labelled={false} />,
    },
  ];
}

/** A user's state as a phone card: name, e-mail and cargo, availability, session and the actions. */
export function statusCard(actions: StatusColumnActions): RenderCard<StatusRow> {
  return function StatusCard(u) {
    return (
      <ListCard
        title={`${u.nombres} ${u.apellidos}`}
        subtitle={u.email}
        status={<Availability u={u} />}
        fields={[
          { label: LABELS.estadoUsuarios.cargo, value: u.cargo },
          { label: LABELS.estadoUsuarios.login, value: <LoginState u={u} /> },
          {
            label: LABELS.estadoUsuarios.tiempoSesion,
            value: fmt(LABELS.estadoUsuarios.minutos, { n: u.duracion_sesion }),
          },
        ]}
        actions={<StatusActions u={u} actions={actions} labelled />}
      />
    );
  };
}
