import { LABELS, fmt, type Cargo, type CaseResponse, type WorkspaceTab } from '@vialex/domain';

/**
 * The case header in one line for a phone: number, client, plate and status, each only when
 * known — '# 5 · CARLOS RAMÍREZ · TAX123 · En atención'.
 */
export function headerLine(caso: Pick<CaseResponse, 'caso' | 'cliente' | 'placa' | 'estado'>): string {
  const { who, status } = headerLineParts(caso);
  return status ? `${who} · ${status}` : who;
}

/** The line in two parts: what may be cut short on a narrow phone, and the status, always shown whole. */
export function headerLineParts(caso: Pick<CaseResponse, 'caso' | 'cliente' | 'placa' | 'estado'>): {
  who: string;
  status: string;
} {
  const who = [fmt(LABELS.espacio.lineaCaso, { caso: caso.caso }), caso.cliente.nombre, caso.placa]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' · ');
  return { who, status: caso.estado.trim() };
}

/**
 * The room a cargo works in, when it is not the general one: the Perito and the Dibujante only
 * read the general room (its files), so a link to the case opens their own room instead — if
 * they see it on this case.
 */
const OWN_ROOM: Partial<Record<Cargo, WorkspaceTab>> = {
  Perito: 'chat_perito',
  Dibujante: 'chat_dibujante',
};

export function ownRoomTab(cargo: Cargo, visible: readonly WorkspaceTab[]): WorkspaceTab | null {
  const own = OWN_ROOM[cargo];
  return own && visible.includes(own) ? own : null;
}

/** What the workspace's own tab links carry: the tab was chosen, not arrived at from a notice or a list. */
export const CHOSEN_TAB_STATE = { tabElegida: true } as const;

export const tabWasChosen = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { tabElegida?: unknown }).tabElegida === true;

/**
 * Where a visit to the case's general room lands: a Perito or Dibujante who did not pick that
 * tab themselves (a notice, the list's 'Gestionar caso', an old link) goes to their own room.
 */
export function landingTab(
  tab: WorkspaceTab,
  cargo: Cargo,
  visible: readonly WorkspaceTab[],
  state: unknown,
): WorkspaceTab {
  if (tab !== 'chat' || tabWasChosen(state)) return tab;
  return ownRoomTab(cargo, visible) ?? tab;
}
