import type { Readable } from 'node:stream';
import {
  LABELS,
  auditActionLabel,
  auditChanges,
  auditFileName,
  auditTargetLabel,
  type ListQuery,
} from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import { openCsvExport } from '../../platform/csv-export.js';
import { auditCsvSql, auditWhere } from './queries.js';

const T = LABELS.auditoria;

/** A jsonb column as the cursor hands it: parsed already, or its text (by driver). */
const json = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as Record<string, unknown>) : (v as never));

/**
 * AUDITORÍA's CSV: every record the criteria select, newest first, streamed from a cursor as the
 * reports' CSV is (same writer, same places, same formula guard); the act and the target in
 * words, before → after as one readable line each.
 */
export async function exportAudit(
  ctx: AppContext,
  query: Pick<ListQuery, 'criteria'>,
  now = new Date(),
): Promise<{ fileName: string; stream: Readable }> {
  const stream = await openCsvExport(ctx, {
    header: [T.fecha, T.quien, T.cargo, T.ip, T.accion, T.objetoTipo, T.objeto, T.antes, T.despues],
    query: auditCsvSql(auditWhere(query)),
    row: (r) => {
      const [antes, despues] = [json(r[7]), json(r[8])];
      const change = (side: 'antes' | 'despues') =>
        auditChanges({ antes, despues })
          .map((c) => `${c.campo}: ${c[side]}`)
          .join('; ');
      return [
        r[0],
        r[1],
        r[2],
        r[3],
        auditActionLabel(String(r[4])),
        auditTargetLabel(String(r[5])),
        r[6],
        change('antes'),
        change('despues'),
      ];
    },
  });
  return { fileName: auditFileName(now), stream };
}
