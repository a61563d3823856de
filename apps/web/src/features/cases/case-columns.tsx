import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import PersonAddAlt from '@mui/icons-material/PersonAddAltOutlined';
import PersonSearch from '@mui/icons-material/PersonSearchOutlined';
import AssignmentTurnedIn from '@mui/icons-material/AssignmentTurnedInOutlined';
import AssignmentReturn from '@mui/icons-material/AssignmentReturnOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import { LABELS, can, mayArchive, takeSlot, type CaseState, type CaseViewer, momentText } from '@vialex/domain';
import { ListCard } from '../../components/list/list-card';
import { RowAction, RowActions, visuallyHidden } from '../../components/list/row-action';
import { caseOrPlate, type QuickSearch } from '../../components/list/quick-search';
import type { ListColumn, RenderCard } from '../../components/list/types';
import type { CaseRow } from './api/list-cases';
import { AgentCell } from './agent-cell';
import { CaseNumberCell } from './case-number-cell';
import { TeamCell } from './team-cell';
import { OriginChip } from './origin-chip';
import { CardOverflowMenu } from './card-overflow-menu';

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
  /** Exportar archivos del caso, where the row's `actions.export` says so; absent, never offered. */
  export?: (c: CaseRow) => void;
}

/** The phone's one search field of both case lists: digits are the case number, anything else the plate. */
export const CASE_QUICK_SEARCH: QuickSearch = { label: LABELS.casos.buscarRapido, toCriteria: caseOrPlate };

/** The case's state as the domain's case policy reads it, from its row. */
function caseState(c: CaseRow): CaseState {
  return {
    archivado: c.archivado,
    estado: c.estado,
    tipo_plan: c.tipo_plan,
    solicitud_atencion: c.solicitud_atencion,
    aprobar_atencion: c.aprobar_atencion,
    uidabogado: c.abogado.id,
    uidabogadocait: c.abogadocait.id,
    uidcontactcenter: c.callcenter.id,
    uidinvestigador: c.investigador.id,
    uidperito: c.perito.id,
    uiddibujante: c.dibujante.id,
  };
}

/**
 * Archivar on an active case: offered when the server's `actions` says so; shown disabled with
 * the case policy's reason when the viewer's cargo may archive but this case can't be yet
 * ('Recibido'); not shown to a cargo that may never archive.
 */
export function archiveState(viewer: CaseViewer, c: CaseRow): { offered: true } | { reason: string } | null {
  if (c.archivado) return null;
  if (c.actions.archive) return { offered: true };
  if (!can(viewer.cargo, 'casos.archive')) return null;
  const decision = mayArchive(viewer, caseState(c));
  return decision.allowed ? null : { reason: decision.message };
}

/** A labelled switch: the label names it for screen readers and in the tooltip; a reason disables it. */
function RowSwitch({
  label,
  checked,
  onChange,
  testId,
  reason,
}: {
  label: string;
  checked: boolean;
  onChange: () => void;
  testId: string;
  reason?: string;
}) {
  const reasonId = useId();
  return (
    <Tooltip title={reason ?? label}>
      <span>
        <Switch
          size="small"
          checked={checked}
          onChange={onChange}
          disabled={!!reason}
          slotProps={{ input: { 'aria-label': label, 'aria-describedby': reason ? reasonId : undefined } }}
          data-testid={testId}
        />
        {reason && (
          <Box component="span" id={reasonId} sx={visuallyHidden}>
            {reason}
          </Box>
        )}
      </span>
    </Tooltip>
  );
}

const TAKE_LABEL = { take: LABELS.casos.tomarCaso, release: LABELS.casos.liberarCaso } as const;

/** Asignar and Solicitar, as the row offers them: small outlined buttons in the table, labelled actions on a card. */
function DispatchButtons({ c, a, labelled = false }: { c: CaseRow; a: CaseColumnActions; labelled?: boolean }) {
  if (labelled) {
    return (
      <>
        {c.actions.assign.length > 0 && (
          <RowAction labelled label={LABELS.casos.asignar} icon={<PersonAddAlt />} onClick={() => a.assign(c)} />
        )}
        {c.actions.request.length > 0 && (
          <RowAction
            labelled
            color="warning"
            label={LABELS.casos.solicitar}
            icon={<PersonSearch />}
            onClick={() => a.request(c)}
          />
        )}
      </>
    );
  }
  return (
    <>
      {c.actions.assign.length > 0 && (
        <Button size="small" variant="outlined" startIcon={<PersonAddAlt />} onClick={() => a.assign(c)}>
          {LABELS.casos.asignar}
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
          {LABELS.casos.solicitar}
        </Button>
      )}
    </>
  );
}

/**
 * Autorizar asistencia especial, Gestionar caso, Editar caso and Exportar archivos del caso: icons
 * in the table, labelled on a card.
 */
function ManageActions({ c, a, labelled }: { c: CaseRow; a: CaseColumnActions; labelled: boolean }) {
  return (
    <>
      {c.actions.authorizeAttention && (
        <RowAction
          label={LABELS.casos.autorizarAtencion}
          icon={<VerifiedUserOutlined fontSize="small" />}
          color="warning"
          onClick={() => a.authorize(c)}
          labelled={labelled}
        />
      )}
      {c.actions.manage && (
        <RowAction
          label={LABELS.casos.gestionar}
          icon={<ForumOutlined fontSize="small" />}
          onClick={() => a.manage(c)}
          labelled={labelled}
          main={labelled && c.actions.take !== 'take'}
        />
      )}
      {c.actions.edit && (
        <RowAction
          label={LABELS.casos.editarCaso}
          icon={<EditOutlined fontSize="small" />}
          onClick={() => a.edit(c)}
          labelled={labelled}
        />
      )}
      {c.actions.export && a.export && (
        <RowAction
          label={LABELS.casos.exportarArchivos}
          icon={<CloudUploadOutlined fontSize="small" />}
          onClick={() => a.export?.(c)}
          labelled={labelled}
          testId="export-case"
        />
      )}
    </>
  );
}

const pinnedWidths = { caso: 96, cliente: 190, archivar: 92, activar: 92 } as const;

/*
 * Asignar/Solicitar and Acciones are as wide as what the viewer's cargo can be offered, not the
 * widest any cargo needs: the room it leaves lets a 1366 px desk read Equipo whole beside Cliente.
 */
const DISPATCH = { padding: 24, assign: 94, request: 110, gap: 8, min: 150 } as const;

function dispatchWidth(viewer: CaseViewer): number {
  const assign = can(viewer.cargo, 'casos.assign');
  const request = can(viewer.cargo, 'casos.request');
  const width =
    DISPATCH.padding +
    (assign ? DISPATCH.assign : 0) +
    (request ? DISPATCH.request : 0) +
    (assign && request ? DISPATCH.gap : 0);
  return Math.max(DISPATCH.min, width);
}

/** The icons Acciones may hold besides Gestionar caso, each by a permission of the cargo. */
const OPTIONAL_ICONS = ['casos.authorizeAttention', 'casos.edit', 'casos.export'] as const;
const ACTIONS = { padding: 32, icon: 34, takeSwitch: 58, min: 112 } as const;

/** Acciones: its icons and the take switch of a cargo that takes cases. */
function actionsWidth(viewer: CaseViewer): number {
  const icons = 1 + OPTIONAL_ICONS.filter((p) => can(viewer.cargo, p)).length;
  const width = ACTIONS.padding + ACTIONS.icon * icons + (takeSlot(viewer) ? ACTIONS.takeSwitch : 0);
  return Math.max(ACTIONS.min, width);
}

/** Cliente, with the case's plate under the name: what a caller gives to find a case. */
function ClientCell({ c }: { c: CaseRow }) {
  return (
    <>
      {c.cliente.nombre ?? ''}
      {c.placa && (
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', fontWeight: 600, letterSpacing: 0.5 }}
          data-testid="case-plate"
        >
          {c.placa}
        </Typography>
      )}
    </>
  );
}

/**
 * The columns of spec 2 §2. Caso and Cliente (the plate under the name) stay at the left,
 * Asignar/Solicitar, Archivar and Acciones (Acciones and Activar when archived) at the right.
 * Estado and Equipo (the four agent columns in one cell, D26) come first in the middle, so a
 * desk of 1366 px reads them without a sideways scroll; the rest scrolls. Row actions appear
 * only where the server's `actions` allow them; Archivar also disabled with its reason
 * (archiveState).
 */
export function caseColumns(archived: boolean, a: CaseColumnActions, viewer: CaseViewer): ListColumn<CaseRow>[] {
  const common: ListColumn<CaseRow>[] = [
    {
      key: 'caso',
      header: LABELS.casos.caso,
      sticky: 'left',
      width: pinnedWidths.caso,
      render: (c) => <CaseNumberCell row={c} />,
    },
    {
      key: 'cliente',
      header: LABELS.casos.cliente,
      sticky: 'left',
      width: pinnedWidths.cliente,
      render: (c) => <ClientCell c={c} />,
    },
    {
      key: 'estado',
      header: LABELS.casos.estado,
      minWidth: 116,
      render: (c) => <Chip size="small" variant="outlined" color="primary" label={c.estado} />,
    },
    { key: 'equipo', header: LABELS.casos.equipo, minWidth: 210, render: (c) => <TeamCell row={c} /> },
    {
      key: 'info',
      header: LABELS.casos.infoCaso,
      align: 'center',
      render: (c) => (
        <RowAction
          label={LABELS.casos.datosCaso}
          icon={<InfoOutlined fontSize="small" />}
          onClick={() => a.info(c)}
          color="info"
        />
      ),
    },
    {
      key: 'ciudad',
      header: LABELS.casos.ciudadSiniestro,
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
    {
      key: 'origen',
      header: LABELS.casos.origen,
      render: (c) => <OriginChip origen={c.origen} color={c.origenColor} />,
    },
    { key: 'tipocaso', header: LABELS.casos.tipoCaso, minWidth: 130, render: (c) => c.tipocaso },
    { key: 'plan', header: LABELS.casos.tipoPlan, minWidth: 130, render: (c) => c.tipo_plan },
    { key: 'vehiculo', header: LABELS.casos.vehiculo, minWidth: 160, render: (c) => c.vehiculo ?? '' },
    {
      key: 'callcenter',
      header: LABELS.casos.callCenter,
      minWidth: 150,
      render: (c) => <AgentCell agent={c.callcenter} />,
    },
    {
      key: 'creado',
      header: LABELS.casos.fechaCreacion,
      minWidth: 140,
      render: (c) => <span style={{ whiteSpace: 'nowrap' }}>{momentText(c.creado)}</span>,
    },
  ];

  const dispatch: ListColumn<CaseRow> = {
    key: 'asignar',
    header: LABELS.casos.asignarSolicitar,
    sticky: 'right',
    width: dispatchWidth(viewer),
    render: (c) => (
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'nowrap' }}>
        <DispatchButtons c={c} a={a} />
      </Stack>
    ),
  };

  const actions: ListColumn<CaseRow> = {
    key: 'acciones',
    header: LABELS.list.acciones,
    sticky: 'right',
    width: actionsWidth(viewer),
    render: (c) => (
      <RowActions>
        {c.actions.take !== 'none' && (
          <RowSwitch
            label={TAKE_LABEL[c.actions.take]}
            checked={c.actions.take === 'release'}
            onChange={() => a.take(c, c.actions.take === 'take')}
            testId="take-switch"
          />
        )}
        <ManageActions c={c} a={a} labelled={false} />
      </RowActions>
    ),
  };

  if (archived) {
    const restore: ListColumn<CaseRow> = {
      key: 'activar',
      header: LABELS.casos.activar,
      sticky: 'right',
      width: pinnedWidths.activar,
      render: (c) =>
        c.actions.restore && (
          <RowSwitch
            label={LABELS.casos.activarCaso}
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
    header: LABELS.casos.archivar,
    sticky: 'right',
    width: pinnedWidths.archivar,
    render: (c) => {
      const state = archiveState(viewer, c);
      return (
        state && (
          <RowSwitch
            label={LABELS.casos.archivarCaso}
            checked={false}
            onChange={() => a.archive(c)}
            testId="archive-switch"
            reason={'reason' in state ? state.reason : undefined}
          />
        )
      );
    },
  };
  return [...common, dispatch, archive, actions];
}

/**
 * A case as a phone card: the number large (what is read to a caller), the client, city, origin
 * and plan, the team as the columns show it, the status, and every action the row offers as a
 * labelled button.
 */
export function caseCard(archived: boolean, a: CaseColumnActions, viewer: CaseViewer): RenderCard<CaseRow> {
  return function CaseCard(c) {
    const archiveNow = archived ? null : archiveState(viewer, c);
    return (
      <ListCard
        overline={LABELS.casos.caso}
        title={<CaseNumberCell row={c} />}
        prominent
        subtitle={c.cliente.nombre}
        status={
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Chip size="small" variant="outlined" color="primary" label={c.estado} />
            {/* Archiving the whole case is nobody's daily work on a phone: behind ⋮, never a card button. */}
            {archiveNow && (
              <CardOverflowMenu
                caso={c.caso}
                items={[
                  {
                    label: LABELS.casos.archivarCaso,
                    icon: <Inventory2Outlined fontSize="small" />,
                    onClick: () => a.archive(c),
                    reason: 'reason' in archiveNow ? archiveNow.reason : undefined,
                    testId: 'card-archive',
                  },
                ]}
              />
            )}
          </Stack>
        }
        chips={
          <>
            <OriginChip origen={c.origen} color={c.origenColor} />
            <Chip size="small" variant="outlined" label={c.tipo_plan} />
          </>
        }
        fields={[
          {
            label: LABELS.casos.ciudadSiniestro,
            value: [c.ciudad_siniestro, c.departamento].filter(Boolean).join(' · '),
          },
          { label: LABELS.casos.investigador, value: <AgentOrDash agent={c.investigador} /> },
          { label: LABELS.casos.abogado, value: <AgentOrDash agent={c.abogado} /> },
          { label: LABELS.casos.perito, value: <AgentOrDash agent={c.perito} /> },
          { label: LABELS.casos.dibujante, value: <AgentOrDash agent={c.dibujante} /> },
        ]}
        actions={
          <RowActions labelled>
            {c.actions.take !== 'none' && (
              <RowAction
                labelled
                main={c.actions.take === 'take'}
                color={c.actions.take === 'take' ? 'primary' : 'warning'}
                label={TAKE_LABEL[c.actions.take]}
                icon={c.actions.take === 'take' ? <AssignmentTurnedIn /> : <AssignmentReturn />}
                onClick={() => a.take(c, c.actions.take === 'take')}
              />
            )}
            <ManageActions c={c} a={a} labelled />
            <DispatchButtons c={c} a={a} labelled />
            <RowAction
              labelled
              color="info"
              label={LABELS.casos.datosCaso}
              icon={<InfoOutlined />}
              onClick={() => a.info(c)}
            />
            {archived && c.actions.restore && (
              <RowAction
                labelled
                label={LABELS.casos.activarCaso}
                icon={<UnarchiveOutlined />}
                onClick={() => a.restore(c)}
              />
            )}
          </RowActions>
        }
      />
    );
  };
}

/** An agent slot on a card: the name, 'Solicitando', or 'Sin asignar'. */
function AgentOrDash({ agent }: { agent: CaseRow['investigador'] }) {
  return agent.id || agent.solicitado ? (
    <AgentCell agent={agent} />
  ) : (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {LABELS.casos.sinAsignar}
    </Box>
  );
}
