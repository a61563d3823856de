import {
  AUDIT_ACTIONS,
  AUDIT_CSV_PATH,
  AUDIT_LIST,
  AUDIT_TARGETS,
  LABELS,
  auditActionLabel,
  auditTargetLabel,
  type AuditEntry,
  type AuditPage,
} from '@vialex/domain';
import { ApiError } from '../../../lib/api';
import { fetchListPage } from '../../../components/list/list-api';
import { listFields } from '../../../components/list/fields';
import { startsWith, type QuickSearch } from '../../../components/list/quick-search';
import type { Criterion, ListParams } from '../../../components/list/types';

const T = LABELS.auditoria;

export type AuditRow = AuditEntry;

/** AUDITORÍA's queries live under this key: the live 'auditoria' list event refreshes them. */
export const auditListKey = ['auditoria', 'list'] as const;

export function fetchAudit(params: ListParams, signal?: AbortSignal) {
  return fetchListPage<AuditPage>('/api/auditoria', params, signal);
}

/** The criteria panel's fields: who, the act and the target's type picked by name, the target, the day. */
export const AUDIT_FIELDS = listFields(AUDIT_LIST, {
  actor: T.quien,
  accion: { label: T.accion, options: AUDIT_ACTIONS.map((value) => ({ value, label: auditActionLabel(value) })) },
  objetoTipo: {
    label: T.objetoTipo,
    options: AUDIT_TARGETS.map((value) => ({ value, label: auditTargetLabel(value) })),
  },
  objeto: T.objeto,
  fecha: T.fecha,
});

/** A phone's one field: the target's name as it starts (a user's name, a plate, '# 123'). */
export const AUDIT_QUICK_SEARCH: QuickSearch = {
  label: T.buscarRapido,
  toCriteria: (text) => startsWith('objeto', text),
};

/**
 * EXPORTAR CSV: every record the criteria select, as the server streams it; saved under the
 * server's file name. Refusals are ApiErrors like every call's.
 */
export async function downloadAuditCsv(criteria: Criterion[]): Promise<string> {
  const query = criteria.length ? `?${new URLSearchParams({ criteria: JSON.stringify(criteria) })}` : '';
  let res: Response;
  try {
    res = await fetch(`${AUDIT_CSV_PATH}${query}`, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, { statusCode: 0, code: 'NETWORK', message: 'network' });
  }
  if (!res.ok) {
    const body = await res.json().catch(() => ({ statusCode: res.status, code: String(res.status), message: '' }));
    throw new ApiError(res.status, body);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'auditoria.csv';
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}
