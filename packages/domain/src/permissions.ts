import type { Cargo } from './cargos.js';
import { CARGOS, COORDINADORES } from './cargos.js';

/**
 * Who may do what: the "Roles and permissions" sections of the three spec documents as data.
 * The server checks these tables; the web uses the same tables to hide what a cargo can't do.
 */
const ALL: readonly Cargo[] = CARGOS;
const ADMIN_AND_COORDINATORS: readonly Cargo[] = ['Administrador', ...COORDINADORES];
const CONTACT_CENTER_DESK: readonly Cargo[] = ['Call Center', 'Coordinador Contact Center', 'Administrador'];

export const PERMISSIONS = {
  // spec 1 §6
  'clientes.write': CONTACT_CENTER_DESK,
  /** 'Quién consultó sus datos': a client's access log (Ley 1581 de 2012) holds staff's reads, for the Administrador only. */
  'clientes.accesos': ['Administrador'],
  /** AUDITORÍA: the trail of administration (who changed what) is read by the Administrador only. */
  'auditoria.read': ['Administrador'],
  'usuarios.changeOtherPassword': ['Administrador'],
  /** The area selector of an existing user (spec 1 §5: disabled when editing, except for the Administrador). */
  'usuarios.changeArea': ['Administrador'],
  // spec 2 §6 "Row actions"
  'casos.create': CONTACT_CENTER_DESK,
  'casos.edit': CONTACT_CENTER_DESK,
  'casos.export': CONTACT_CENTER_DESK,
  'casos.assign': ADMIN_AND_COORDINATORS,
  'casos.request': [
    'Administrador',
    'Coordinador Contact Center',
    'Call Center',
    'Coordinador Investigador',
    'Investigador',
  ],
  'casos.take': ['Investigador', 'Abogado', 'Dibujante'],
  'casos.authorizeAttention': ['Administrador', 'Coordinador Contact Center'],
  'casos.archive': ALL,
  'casos.sms': CONTACT_CENTER_DESK,
  'casos.requestExpertInfoPanel': ['Administrador', 'Investigador', 'Coordinador Investigador'],
  /** Change a case's status (GESTIÓN): the Gestionar tab is hidden for Perito and Coordinador Perito (spec 2 §2). */
  'casos.changeStatus': CARGOS.filter((c) => c !== 'Perito' && c !== 'Coordinador Perito'),
  'casos.manageClosed': ['Administrador'],
  'chat.block': ['Coordinador Investigador', 'Investigador', 'Administrador'],
  // spec 3 §6
  'vehiculos.write': CONTACT_CENTER_DESK,
  'empresas.write': CONTACT_CENTER_DESK,
  'areas.write': ['Administrador'],
  /** TIPO DE GESTIONES: the spec shows no role rule beyond the lock (docs/decisions.md "Catalogues"). */
  'estadoscaso.write': ['Administrador'],
  /**
   * Consultas y Reportes (spec 3 §6 shows no role check): the Administrador and the coordinators,
   * over the cases their list shows; a field agent or the call center desk does not read or
   * export every client's data (docs/decisions.md "Reports").
   */
  'reportes.read': ADMIN_AND_COORDINATORS,
  'reportes.export': ADMIN_AND_COORDINATORS,
  /**
   * Anonymise a client before their retention period ends (Ley 1581 de 2012: suppression): it
   * cannot be undone, so only the Administrador (the data report is for whoever edits the client).
   */
  'clientes.anonimizar': ['Administrador'],
} as const satisfies Record<string, readonly Cargo[]>;

export type Action = keyof typeof PERMISSIONS;

export function can(cargo: Cargo | null | undefined, action: Action): boolean {
  return !!cargo && (PERMISSIONS[action] as readonly Cargo[]).includes(cargo);
}

/** Manage a case (spec 2 §6): some cargos only when they hold the matching slot. */
export const MANAGE_CASE: Record<Cargo, 'always' | 'uidabogadocait' | 'uidcontactcenter' | 'uidperito'> = {
  Administrador: 'always',
  'Coordinador Contact Center': 'always',
  'Coordinador Investigador': 'always',
  'Coordinador Abogado': 'always',
  'Coordinador Abogado CAIT': 'always',
  'Coordinador Perito': 'always',
  Dibujante: 'always',
  Abogado: 'always',
  Investigador: 'always',
  'Abogado CAIT': 'uidabogadocait',
  'Call Center': 'uidcontactcenter',
  Perito: 'uidperito',
};

/** Users list (/usuarios): which cargos each viewer sees; 'all' for everyone (spec 1 §6). */
export const USERS_VISIBLE: Record<Cargo, 'all' | readonly Cargo[]> = {
  Administrador: 'all',
  'Coordinador Contact Center': 'all',
  'Call Center': 'all',
  'Coordinador Investigador': ['Investigador', 'Dibujante'],
  'Coordinador Abogado': ['Abogado'],
  'Coordinador Abogado CAIT': ['Abogado CAIT'],
  'Coordinador Perito': ['Perito'],
  Investigador: [],
  Abogado: [],
  'Abogado CAIT': [],
  Perito: [],
  Dibujante: [],
};

/** User-status list (/estado-usuarios), spec 1 §6. The administrator sees every cargo (README, decisions). */
export const USER_STATUS_VISIBLE: Record<Cargo, readonly Cargo[]> = {
  Administrador: CARGOS,
  'Coordinador Contact Center': ['Call Center'],
  'Coordinador Investigador': ['Investigador', 'Dibujante'],
  'Coordinador Abogado': ['Abogado'],
  'Coordinador Abogado CAIT': ['Abogado CAIT'],
  'Coordinador Perito': ['Perito'],
  'Call Center': [],
  Investigador: [],
  Abogado: [],
  'Abogado CAIT': [],
  Perito: [],
  Dibujante: [],
};

/** Creating or editing users: only from an unrestricted users view (spec 1 §6). */
export function canWriteUsers(viewer: Cargo): boolean {
  return USERS_VISIBLE[viewer] === 'all';
}

export function visibleUserCargos(viewer: Cargo): readonly Cargo[] {
  const v = USERS_VISIBLE[viewer];
  return v === 'all' ? CARGOS : v;
}

/**
 * Cargos only an Administrador may create, edit or appoint. Spec 1 §6 lets the call center write
 * every user; without this a Call Center user could make itself (or a friend) a coordinator.
 */
export const ADMIN_APPOINTED_CARGOS: readonly Cargo[] = ['Administrador', ...COORDINADORES];

/** Whether the viewer may create, edit or deactivate a user of this cargo, or give a user this cargo. */
export function mayWriteUser(viewer: Cargo, cargo: Cargo): boolean {
  if (!canWriteUsers(viewer) || !visibleUserCargos(viewer).includes(cargo)) return false;
  return viewer === 'Administrador' || !ADMIN_APPOINTED_CARGOS.includes(cargo);
}

/** The cargos the users form offers this viewer. */
export function appointableCargos(viewer: Cargo): readonly Cargo[] {
  return CARGOS.filter((c) => mayWriteUser(viewer, c));
}

/** The Assign Cities button: only on Abogado and Investigador rows. */
export const CITY_COVERAGE_CARGOS: readonly Cargo[] = ['Abogado', 'Investigador'];

/**
 * Assign Cities (spec 1 §2, §6): on Abogado and Investigador users only, by the unrestricted user
 * writers (Administrador, Call Center, Coordinador Contact Center) and by the coordinator who
 * dispatches that cargo: Coordinador Investigador on Investigador, Coordinador Abogado on Abogado
 * (exactly the rows their restricted users lists show).
 */
export function mayAssignCities(viewer: Cargo, target: Cargo): boolean {
  return CITY_COVERAGE_CARGOS.includes(target) && visibleUserCargos(viewer).includes(target);
}

/** Cases list scope (spec 2 §6). */
export type CaseScope =
  | { kind: 'all' }
  | { kind: 'contactcenter' }
  | { kind: 'own'; field: 'uidinvestigador' | 'uidperito' }
  | { kind: 'ownOrUnassigned'; field: 'uidabogado' | 'uidabogadocait' }
  | { kind: 'ownOrRequested'; field: 'uiddibujante' }
  | { kind: 'peritoRequested' };

export const CASE_SCOPE: Record<Cargo, CaseScope> = {
  Administrador: { kind: 'all' },
  'Coordinador Contact Center': { kind: 'all' },
  'Coordinador Investigador': { kind: 'all' },
  'Coordinador Abogado': { kind: 'all' },
  'Coordinador Abogado CAIT': { kind: 'all' },
  // spec 2 §6 lists "Administrador and all Coordinadores: all cases" and then narrows Coordinador Perito
  // to cases with an expert requested — or one on the case without asking (the expert's room counts it).
  'Coordinador Perito': { kind: 'peritoRequested' },
  'Call Center': { kind: 'contactcenter' },
  Investigador: { kind: 'own', field: 'uidinvestigador' },
  Abogado: { kind: 'ownOrUnassigned', field: 'uidabogado' },
  'Abogado CAIT': { kind: 'ownOrUnassigned', field: 'uidabogadocait' },
  Dibujante: { kind: 'ownOrRequested', field: 'uiddibujante' },
  Perito: { kind: 'own', field: 'uidperito' },
};

/** What the case scope reads of a case. */
export type ScopedCase = Partial<Record<AgentSlot, string | null>> & {
  solicitud_perito?: boolean;
  solicitud_dibujante?: boolean;
};

/**
 * Whether a case is in a user's list by CASE_SCOPE — the same table the case queries turn into SQL
 * (modules/cases/queries.ts scopeWhere); here for a case already read (who a notice may go to).
 */
export function inCaseScope(cargo: Cargo, userId: string, c: ScopedCase): boolean {
  const scope = CASE_SCOPE[cargo];
  switch (scope.kind) {
    case 'all':
      return true;
    case 'contactcenter':
      return c.uidcontactcenter === userId;
    case 'own':
      return c[scope.field] === userId;
    case 'ownOrUnassigned':
      return c[scope.field] === userId || !c[scope.field];
    case 'ownOrRequested':
      return c.uiddibujante === userId || (!c.uiddibujante && !!c.solicitud_dibujante);
    case 'peritoRequested':
      return !!c.solicitud_perito || !!c.uidperito;
  }
}

/**
 * Of the users of `cargos`, those whose list holds a case (inCaseScope), as two parts a query can
 * take: the cargos whose every user's list holds it (`everyone`), and of the other cargos, the
 * users in the case's slots whose list holds it (`own`, as `cargo:id`). A user in none of the
 * case's slots is decided by their cargo alone, so asking for no user's id ('') decides them all.
 */
export function caseAudience(cargos: readonly Cargo[], c: ScopedCase): { everyone: Cargo[]; own: string[] } {
  const inSlots = [...new Set(AGENT_SLOTS.map((slot) => c[slot]).filter((id): id is string => !!id))];
  const everyone = cargos.filter((k) => inCaseScope(k, '', c));
  const own = cargos
    .filter((k) => !everyone.includes(k))
    .flatMap((k) => inSlots.filter((id) => inCaseScope(k, id, c)).map((id) => `${k}:${id}`));
  return { everyone, own };
}

/** Agent types a cargo may request (spec 2 §6 "Who may request which type"). */
export const REQUESTABLE_TYPES: Partial<Record<Cargo, readonly Cargo[]>> = {
  Administrador: ['Abogado', 'Abogado CAIT', 'Investigador', 'Perito', 'Dibujante'],
  'Coordinador Contact Center': ['Abogado', 'Abogado CAIT', 'Investigador', 'Dibujante'],
  'Call Center': ['Abogado', 'Abogado CAIT', 'Investigador', 'Dibujante'],
  'Coordinador Investigador': ['Perito', 'Dibujante'],
  Investigador: ['Perito', 'Dibujante'],
};

/** User types offered in the assign dialog (spec 2 §6 "Assign dialog user types"). */
export const ASSIGNABLE_TYPES: Partial<Record<Cargo, readonly Cargo[]>> = {
  Administrador: ['Abogado', 'Abogado CAIT', 'Call Center', 'Investigador', 'Perito', 'Dibujante'],
  'Coordinador Abogado': ['Abogado'],
  'Coordinador Contact Center': ['Call Center'],
  'Coordinador Investigador': ['Investigador', 'Dibujante'],
  'Coordinador Perito': ['Perito'],
  'Coordinador Abogado CAIT': ['Abogado CAIT'],
};

/** Assign targets limited to users covering the case city. */
export const CITY_LIMITED_TARGETS: readonly Cargo[] = ['Investigador', 'Abogado'];

/** Every slot an agent can hold on a case. */
export const AGENT_SLOTS = [
  'uidabogado',
  'uidabogadocait',
  'uidinvestigador',
  'uidcontactcenter',
  'uidperito',
  'uiddibujante',
] as const;
export type AgentSlot = (typeof AGENT_SLOTS)[number];

/** The case field an agent type fills. */
export const AGENT_FIELD: Partial<Record<Cargo, AgentSlot>> = {
  Abogado: 'uidabogado',
  'Abogado CAIT': 'uidabogadocait',
  'Call Center': 'uidcontactcenter',
  Investigador: 'uidinvestigador',
  Perito: 'uidperito',
  Dibujante: 'uiddibujante',
};

/** Staff menu (spec 1 §2). */
export interface MenuEntry {
  path: string;
  label: string;
  group?: 'Usuarios' | 'Casos';
}
export const MENU: readonly MenuEntry[] = [
  { path: '/dashboard', label: 'Dashboard' },
  { path: '/clientes', label: 'Clientes' },
  { path: '/usuarios', label: 'Usuarios', group: 'Usuarios' },
  { path: '/estado-usuarios', label: 'Estado usuarios', group: 'Usuarios' },
  { path: '/casos', label: 'Casos activos', group: 'Casos' },
  { path: '/casos-archivados', label: 'Casos archivados', group: 'Casos' },
  { path: '/vehiculos', label: 'Vehículos' },
  { path: '/empresas', label: 'Empresas' },
  { path: '/gestiones', label: 'Gestiones' },
  { path: '/areas', label: 'Áreas' },
  { path: '/exportaciones', label: 'Exportaciones' },
  { path: '/consultas', label: 'Consultas' },
  { path: '/auditoria', label: 'Auditoría' },
];

/**
 * The menu a cargo sees: entries whose list would answer 'Usuario no autorizado' to every
 * request of that cargo are left out (spec 1: "menu access by role is not shown").
 */
export function menuFor(cargo: Cargo): readonly MenuEntry[] {
  return MENU.filter((entry) => {
    if (entry.path === '/usuarios') return visibleUserCargos(cargo).length > 0;
    if (entry.path === '/estado-usuarios') return USER_STATUS_VISIBLE[cargo].length > 0;
    if (entry.path === '/consultas') return can(cargo, 'reportes.read');
    if (entry.path === '/auditoria') return can(cargo, 'auditoria.read');
    return true;
  });
}
