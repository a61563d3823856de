import type { QueryClient } from '@tanstack/react-query';
import type {
  CaseStatusChange,
  HistoryEntry,
  WorkspaceResponse,
  WorkspaceTab,
  WorkspaceTabResponse,
} from '@vialex/domain';

/**
 * Every query about one case lives under `caseKeys.all(id)`: an announcement that the case
 * changed reads them again together (the workspace's useFollowCase), and a write that answers
 * what it changed puts that answer here at once, so the writer never waits for the echo.
 */
export const caseKeys = {
  all: (id: string) => ['caso', id] as const,
  /** GET /api/casos/{id}/espacio: the workspace's frame (the case, its tabs, the header's times). */
  frame: (id: string) => ['caso', id, 'marco'] as const,
  /** GET /api/casos/{id}/espacio/{tab}: one tab's data (the history, the policies). */
  tab: (id: string, tab: WorkspaceTab) => ['caso', id, 'pestana', tab] as const,
  /** GET /api/casos/{id}/gestion: GESTIÓN's choices. */
  statusForm: (id: string) => ['caso', id, 'gestion'] as const,
};

/** The tabs that show HISTORIAL DE GESTIÓN. */
const HISTORY_TABS: WorkspaceTab[] = ['informacion', 'gestionar'];

/** The history with `entry` first (1 is the newest), whether or not the echo brought it already. */
export function withNewEntry(historial: HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  const rest = historial.filter((e) => e.id !== entry.id);
  return [{ ...entry, numero: 1 }, ...rest.map((e, i) => ({ ...e, numero: i + 2 }))];
}

/** A status change's answer written where the workspace reads it: its status and its history entry. */
export function recordStatusChange(queryClient: QueryClient, caseId: string, change: CaseStatusChange): void {
  for (const tab of HISTORY_TABS)
    queryClient.setQueryData<WorkspaceTabResponse>(caseKeys.tab(caseId, tab), (old) =>
      old?.historial ? { ...old, historial: withNewEntry(old.historial, change.entrada) } : old,
    );
  queryClient.setQueryData<WorkspaceResponse>(caseKeys.frame(caseId), (old) =>
    old ? { ...old, caso: { ...old.caso, estado: change.estado }, ultimaGestion: change.entrada.fechahora } : old,
  );
}
