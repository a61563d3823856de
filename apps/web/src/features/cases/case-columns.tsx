import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import PersonAddAlt from '@mui/icons-material/PersonAddAltOutlined';
import PersonSearch from '@mui/icons-material/PersonSearchOutlined';
import { RowAction, RowActions } from '../../components/list/row-action';
import { LIST_TEXTS } from '../../components/list/texts';
import type { ListColumn } from '../../components/list/types';
import type { CaseRow } from './api/list-cases';
import { AgentCell } from './agent-cell';
import { CaseNumberCell } from './case-number-cell';
import { OriginChip } from './origin-chip';
import { formatCreado } from './format';
import { CASE_TEXTS } from './texts';

export interface CaseColumnActions {
  info: (c: CaseRow) => void;
  assign: (c: CaseRow) => void;
  request: (c: CaseRow) => void;
  take: (c: CaseRow, tomar: boolean) => void;
  authorize: (c: CaseRow) => void;
  manage: (c: CaseRow) => void;
  edit: (c: CaseRow) => void;
  archive: (c: CaseRow) => void;
  restore: (c: CaseRow) => void;
}

/** A labelled switch: the label names it for screen readers and in the tooltip. */
function RowSwitch({
  label,
  checked,
  onChange,
  testId,
}: {
  label: string;
  checked: boolean;
  onChange: () => void;
  testId: string;
}) {
  return (
    <Tooltip title={label}>
      <Switch
        size="small"
        checked={checked}
        onChange={onChange}
        slotProps={{ input: { 'aria-label': label } }}
        data-testid={testId}
      />
    </Tooltip>
  );
}

/**
 * The columns of spec 2 §2. Placa is a hidden column: searchable in the criteria panel, not
 * shown. Row actions appear only where the server's `actions` allow them.
 */
export function caseColumns(archived: boolean, a: CaseColumnActions): ListColumn<CaseRow>[] {
  const common: ListColumn<CaseRow>[] = [
    { key: 'caso', header: CASE_TEXTS.caso, render: (c) => <CaseNumberCell row={c} /> },
    { key: 'cliente', header: CASE_TEXTS.cliente, minWidth: 170, render: (c) => c.cliente.nombre ?? '' },
    {
      key: 'info',
      header: CASE_TEXTS.infoCaso,
      align: 'center',
      render: (c) => (
        <RowAction
          label={CASE_TEXTS.datosCaso}
          icon={<InfoOutlined fontSize="small" />}
          onClick={() => a.info(c)}
          color="info"
        />
      ),
    },
    {
      key: 'ciudad',
      header: CASE_TEXTS.ciudadSiniestro,
      minWidth: 140,
      render: (c) => (
        <>
          {c.ciudad_siniestro}
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {c.departamento}
          </Typography>
        </>
      ),
    },
    { key: 'origen', header: CASE_TEXTS.origen, render: (c) => <OriginChip origen={c.origen} color={c.origenColor} /> },
    { key: 'tipocaso', header: CASE_TEXTS.tipoCaso, minWidth: 130, render: (c) => c.tipocaso },
    { key: 'plan', header: CASE_TEXTS.tipoPlan, minWidth: 130, render: (c) => c.tipo_plan },
    { key: 'vehiculo', header: CASE_TEXTS.vehiculo, minWidth: 160, render: (c) => c.vehiculo ?? '' },
    {
      key: 'callcenter',
      header: CASE_TEXTS.callCenter,
      minWidth: 150,
      render: (c) => <AgentCell agent={c.callcenter} />,
    },
    { key: 'abogado', header: CASE_TEXTS.abogado, minWidth: 150, render: (c) => <AgentCell agent={c.abogado} /> },
    {
      key: 'investigador',
      header: CASE_TEXTS.investigador,
      minWidth: 150,
      render: (c) => <AgentCell agent={c.investigador} />,
    },
    { key: 'perito', header: CASE_TEXTS.perito, minWidth: 130, render: (c) => <AgentCell agent={c.perito} /> },
    { key: 'dibujante', header: CASE_TEXTS.dibujante, minWidth: 130, render: (c) => <AgentCell agent={c.dibujante} /> },
    { key: 'estado', header: CASE_TEXTS.estado, minWidth: 110, render: (c) => c.estado },
    {
      key: 'creado',
      header: CASE_TEXTS.fechaCreacion,
      minWidth: 140,
      render: (c) => <span style={{ whiteSpace: 'nowrap' }}>{formatCreado(c.creado)}</span>,
    },
  ];

  const dispatch: ListColumn<CaseRow> = {
    key: 'asignar',
    header: CASE_TEXTS.asignarSolicitar,
    render: (c) => (
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'nowrap' }}>
        {c.actions.assign.length > 0 && (
          <Button size="small" variant="outlined" startIcon={<PersonAddAlt />} onClick={() => a.assign(c)}>
            {CASE_TEXTS.asignar}
          </Button>
        )}
        {c.actions.request.length > 0 && (
          <Button
            size="small"
            variant="outlined"
            color="warning"
            startIcon={<PersonSearch />}
            onClick={() => a.request(c)}
          >
            {CASE_TEXTS.solicitar}
          </Button>
        )}
      </Stack>
    ),
  };

  const actions: ListColumn<CaseRow> = {
    key: 'acciones',
    header: LIST_TEXTS.acciones,
    render: (c) => (
      <RowActions>
        {c.actions.take !== 'none' && (
          <RowSwitch
            label={c.actions.take === 'release' ? CASE_TEXTS.liberarCaso : CASE_TEXTS.tomarCaso}
            checked={c.actions.take === 'release'}
            onChange={() => a.take(c, c.actions.take === 'take')}
            testId="take-switch"
          />
        )}
        {c.actions.authorizeAttention && (
          <RowAction
            label={CASE_TEXTS.autorizarAtencion}
            icon={<VerifiedUserOutlined fontSize="small" />}
            color="warning"
            onClick={() => a.authorize(c)}
          />
        )}
        {c.actions.manage && (
          <RowAction
            label={CASE_TEXTS.gestionar}
            icon={<ForumOutlined fontSize="small" />}
            onClick={() => a.manage(c)}
          />
        )}
        {c.actions.edit && (
          <RowAction label={CASE_TEXTS.editarCaso} icon={<EditOutlined fontSize="small" />} onClick={() => a.edit(c)} />
        )}
      </RowActions>
    ),
  };

  if (archived) {
    const restore: ListColumn<CaseRow> = {
      key: 'activar',
      header: CASE_TEXTS.activar,
      render: (c) =>
        c.actions.restore && (
          <RowSwitch
            label={CASE_TEXTS.activarCaso}
            checked={false}
            onChange={() => a.restore(c)}
            testId="restore-switch"
          />
        ),
    };
    return [...common, actions, restore];
  }
  const archive: ListColumn<CaseRow> = {
    key: 'archivar',
    header: CASE_TEXTS.archivar,
    render: (c) =>
      c.actions.archive && (
        <RowSwitch
          label={CASE_TEXTS.archivarCaso}
          checked={false}
          onChange={() => a.archive(c)}
          testId="archive-switch"
        />
      ),
  };
  return [...common, dispatch, archive, actions];
}
