import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  AUDIT_CLI,
  AUDIT_SYSTEM,
  LABELS,
  auditActionLabel,
  auditChanges,
  auditTargetLabel,
  recordText,
} from '@vialex/domain';
import { ListCard } from '../../components/list/list-card';
import type { ListColumn, RenderCard } from '../../components/list/types';
import type { AuditRow } from './api/audit';

const T = LABELS.auditoria;

/** Who acted, in words: a staff user's name then, or the command line, or the system itself. */
const actorName = (r: AuditRow) => (r.actor === AUDIT_CLI ? T.consola : r.actor === AUDIT_SYSTEM ? T.sistema : r.actor);

function Actor({ r }: { r: AuditRow }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {actorName(r)}
      </Typography>
      {r.cargo && (
        <Typography variant="caption" color="text.secondary">
          {r.cargo}
        </Typography>
      )}
    </Box>
  );
}

function Target({ r }: { r: AuditRow }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {auditTargetLabel(r.objetoTipo)}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {r.objeto}
      </Typography>
    </Box>
  );
}

/** Before → after, one line per field that changed, named in Spanish; nothing changed says so. */
export function AuditChanges({ r }: { r: AuditRow }) {
  const changes = auditChanges(r);
  if (!changes.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {T.sinCambios}
      </Typography>
    );
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', minWidth: 0 }}>
      {changes.map((c) => (
        <Typography
          key={c.field}
          component="li"
          variant="body2"
          sx={{ overflowWrap: 'anywhere' }}
          data-testid="audit-change"
        >
          <Box component="span" sx={{ fontWeight: 600 }}>
            {c.campo}:
          </Box>{' '}
          {/* One side only (a creation): its values alone, without a column of '(vacío) →'. */}
          {r.antes && r.despues && (
            <>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {c.antes}
              </Box>
              {' → '}
            </>
          )}
          <Box component="span">{r.despues ? c.despues : c.antes}</Box>
        </Typography>
      ))}
    </Box>
  );
}

/** AUDITORÍA's columns: when, who, from where, the act, its target, and what changed. */
export const auditColumns: ListColumn<AuditRow>[] = [
  { key: 'fecha', header: T.fecha, minWidth: 170, render: (r) => recordText(r.fecha) },
  { key: 'quien', header: T.quien, minWidth: 180, render: (r) => <Actor r={r} /> },
  { key: 'ip', header: T.ip, minWidth: 130, render: (r) => r.ip ?? T.vacio },
  { key: 'accion', header: T.accion, minWidth: 190, render: (r) => auditActionLabel(r.accion) },
  { key: 'objeto', header: T.objeto, minWidth: 180, render: (r) => <Target r={r} /> },
  { key: 'cambios', header: T.cambios, minWidth: 280, render: (r) => <AuditChanges r={r} /> },
];

/** A record as a phone card: the act and its target first, then who, when, from where and the change. */
export const auditCard: RenderCard<AuditRow> = (r) => (
  <ListCard
    overline={auditActionLabel(r.accion)}
    title={r.objeto}
    fields={[
      { label: T.objetoTipo, value: auditTargetLabel(r.objetoTipo) },
      { label: T.quien, value: <Actor r={r} /> },
      { label: T.fecha, value: recordText(r.fecha) },
      { label: T.ip, value: r.ip ?? T.vacio },
      { label: T.cambios, value: <AuditChanges r={r} /> },
    ]}
  />
);
