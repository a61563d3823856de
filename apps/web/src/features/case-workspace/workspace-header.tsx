import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { LABELS, MSG, SIN_PLAN, fmt, type CaseResponse } from '@vialex/domain';
import { OriginChip } from '../../components/origin-chip';
import { elapsed, formatBogota } from './format';
import { useNow } from './use-follow-case';
import { headerLine, headerLineParts } from './phone-layout';

const L = LABELS.espacio;
const C = LABELS.casos;

/** The team of the case: each slot with its holder, or 'Solicitando' while requested. */
const TEAM: {
  key: keyof Pick<CaseResponse, 'callcenter' | 'abogado' | 'abogadocait' | 'investigador' | 'perito' | 'dibujante'>;
  label: string;
}[] = [
  { key: 'callcenter', label: C.callCenter },
  { key: 'abogado', label: C.abogado },
  { key: 'abogadocait', label: 'Abogado CAIT' },
  { key: 'investigador', label: C.investigador },
  { key: 'perito', label: C.perito },
  { key: 'dibujante', label: C.dibujante },
];

/*
 * Where the case stands, above every tab: number, client, plate, plan and origin, status, the
 * team, and how long ago it was opened and last managed (Bogotá time on hover).
 */

export interface WorkspaceHeaderProps {
  caso: CaseResponse;
  ultimaGestion: string | null;
  /** When the investigator marked arrival (the case map's 'Marcar llegada'). */
  llegada?: string | null;
  /** Buttons of other features for this case (the export, …), at the right of the title. */
  actions?: ReactNode;
}

const BackButton = () => (
  <Tooltip title={L.volver}>
    <IconButton component={RouterLink} to="/casos" aria-label={L.volver} edge="start" data-testid="back-to-cases">
      <ArrowBack />
    </IconButton>
  </Tooltip>
);

/**
 * The header on a phone: one line ('# 5 · CARLOS RAMÍREZ · TAX123 · En atención') so the open
 * tab keeps the screen; a tap on it unfolds the whole header (times, team, the case's buttons).
 */
export function PhoneWorkspaceHeader(props: WorkspaceHeaderProps) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const line = headerLine(props.caso);
  const parts = headerLineParts(props.caso);
  return (
    <Paper
      variant="outlined"
      sx={{ mb: 1, overflow: 'hidden' }}
      data-testid="workspace-header"
      data-compact={!open || undefined}
      component="header"
    >
      <Stack direction="row" sx={{ alignItems: 'center', minHeight: 46, pl: 1 }}>
        <BackButton />
        <ButtonBase
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          aria-controls={detailsId}
          aria-label={`${line}. ${open ? L.ocultarEncabezado : L.verEncabezado}`}
          data-testid="workspace-line"
          sx={{ flex: 1, minWidth: 0, justifyContent: 'space-between', gap: 0.5, py: 1, pr: 1, textAlign: 'left' }}
        >
          <Typography
            component="h1"
            sx={{
              display: 'flex',
              minWidth: 0,
              fontWeight: 800,
              fontSize: '0.95rem',
              lineHeight: 1.4,
              color: 'primary.dark',
              whiteSpace: 'nowrap',
            }}
            data-testid="workspace-case-number"
          >
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>
              {parts.who}
            </Box>
            {parts.status && (
              <Box component="span" sx={{ flexShrink: 0, color: 'text.secondary', fontWeight: 700 }}>
                {` · ${parts.status}`}
              </Box>
            )}
          </Typography>
          {open ? <ExpandLess color="action" aria-hidden /> : <ExpandMore color="action" aria-hidden />}
        </ButtonBase>
      </Stack>
      <Collapse in={open} id={detailsId} unmountOnExit>
        <Box sx={{ px: 1.5, pb: 1.5 }}>
          <HeaderDetails {...props} phone />
        </Box>
      </Collapse>
    </Paper>
  );
}

/**
 * Where the case stands, above every tab (a desk's header): number and status with the case's
 * buttons, then the details.
 */
export function WorkspaceHeader(props: WorkspaceHeaderProps) {
  const { caso, actions } = props;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} data-testid="workspace-header" component="header">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <BackButton />
        <Typography
          variant="h5"
          component="h1"
          color="primary.dark"
          sx={{ fontWeight: 800, fontSize: { xs: '1.35rem', sm: '1.6rem' } }}
          data-testid="workspace-case-number"
        >
          {fmt(L.numeroCaso, { caso: caso.caso })}
        </Typography>
        <Chip
          label={caso.estado}
          color="primary"
          sx={{ fontWeight: 700 }}
          data-testid="workspace-status"
          aria-label={`${C.estado}: ${caso.estado}`}
        />
        {caso.archivado && <Chip label={MSG.casoArchivado} variant="outlined" size="small" />}
        <Box sx={{ flexGrow: 1 }} />
        {actions}
      </Stack>
      <HeaderDetails {...props} />
    </Paper>
  );
}

/** The header's details: client, plate, plan and origin; the times; the team; and, on a phone, the case's buttons. */
function HeaderDetails({
  caso,
  ultimaGestion,
  llegada = null,
  actions,
  phone = false,
}: WorkspaceHeaderProps & { phone?: boolean }) {
  const now = useNow();
  const team = TEAM.filter(({ key }) => caso[key].id || caso[key].solicitado);
  return (
    <>
      {phone && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
          <Chip
            label={caso.estado}
            color="primary"
            sx={{ fontWeight: 700 }}
            data-testid="workspace-status"
            aria-label={`${C.estado}: ${caso.estado}`}
          />
          {caso.archivado && <Chip label={MSG.casoArchivado} variant="outlined" size="small" />}
          <Box sx={{ flexGrow: 1 }} />
          {actions}
        </Stack>
      )}
      <Stack
        direction="row"
        spacing={1}
        sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
        data-testid="workspace-identity"
      >
        <Typography sx={{ fontWeight: 600 }} data-testid="workspace-client">
          {caso.cliente.nombre ?? '—'}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          label={caso.placa || '—'}
          sx={{ fontFamily: 'monospace', fontWeight: 700, letterSpacing: '0.08em' }}
          aria-label={`${C.placa}: ${caso.placa}`}
          data-testid="workspace-plate"
        />
        <Chip
          size="small"
          color={caso.tipo_plan === SIN_PLAN ? 'default' : 'info'}
          label={caso.tipo_plan}
          aria-label={`${C.tipoPlan}: ${caso.tipo_plan}`}
          data-testid="workspace-plan"
        />
        <OriginChip origen={caso.origen} color={caso.origenColor} />
        {caso.atencionPendiente && <Chip size="small" color="warning" label={C.atencionPendiente} />}
      </Stack>

      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0.25, sm: 2 }}
        sx={{ mt: 1, color: 'text.secondary' }}
        data-testid="workspace-times"
      >
        <Typography variant="body2" title={formatBogota(caso.creado)}>
          {fmt(L.abierto, { tiempo: elapsed(caso.creado, now) })} · {formatBogota(caso.creado)}
        </Typography>
        <Typography variant="body2" title={formatBogota(ultimaGestion)} data-testid="workspace-last-entry">
          {ultimaGestion
            ? `${fmt(L.ultimaGestion, { tiempo: elapsed(ultimaGestion, now) })} · ${formatBogota(ultimaGestion)}`
            : L.sinGestiones}
        </Typography>
        {llegada && (
          <Typography variant="body2" color="success.dark" sx={{ fontWeight: 600 }} data-testid="workspace-arrival">
            {fmt(L.llegada, { hora: formatBogota(llegada) })}
          </Typography>
        )}
      </Stack>

      <Box sx={{ mt: 1 }} data-testid="workspace-team">
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ fontWeight: 700, textTransform: 'uppercase', mr: 1 }}
        >
          {L.equipo}
        </Typography>
        {team.length === 0 ? (
          <Typography variant="body2" component="span" color="text.secondary">
            {L.sinEquipo}
          </Typography>
        ) : (
          <Box
            component="ul"
            sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.75, p: 0, m: 0, listStyle: 'none' }}
          >
            {team.map(({ key, label }) => (
              <Box component="li" key={key}>
                <Chip
                  size="small"
                  variant="outlined"
                  color={caso[key].id ? 'default' : 'warning'}
                  label={`${label}: ${caso[key].id ? (caso[key].nombre ?? '') : MSG.solicitando}`}
                />
              </Box>
            ))}
          </Box>
        )}
      </Box>
    </>
  );
}
