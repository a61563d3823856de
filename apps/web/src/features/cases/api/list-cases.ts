import { fetchListPage } from '../../../components/list/list-api';
import type { ListField, ListPage, ListParams } from '../../../components/list/types';
import { CASE_TEXTS } from '../texts';

/** An agent slot of a case: the assigned user, or an open request ('Solicitando'). */
export interface CaseAgent {
  id: string | null;
  nombre: string | null;
  solicitado: boolean;
}

export type TakeAction = 'none' | 'take' | 'release';

/** A case as GET /api/casos (and every case write) answers it. */
export interface CaseRow {
  id: string;
  caso: number;
  estado: string;
  creado: string;
  archivado: boolean;
  origen: string;
  origen_desde: string;
  origenColor: 'success' | 'warning';
  tipocaso: string;
  tipo_plan: string;
  tipo_producto: string;
  verificacion: string;
  relacion: string;
  placa: string;
  vehiculo: string | null;
  uidciudad: string | null;
  ciudad_siniestro: string;
  departamento: string;
  direccion_siniestro: string;
  uidempresa: string | null;
  empresa: string | null;
  cliente: {
    id: string | null;
    nombre: string | null;
    telefono: string | null;
    identificacion: number | null;
    relacion: string;
  };
  callcenter: CaseAgent;
  abogado: CaseAgent;
  abogadocait: CaseAgent;
  investigador: CaseAgent;
  perito: CaseAgent;
  dibujante: CaseAgent;
  solicitud_atencion: boolean;
  aprobar_atencion: boolean;
  atencionPendiente: boolean;
  chat_perito: boolean;
  chat_dibujante: boolean;
  prioridad: string;
  /** What this viewer may do with this case; the screen shows actions from here only. */
  actions: {
    assign: string[];
    request: string[];
    take: TakeAction;
    authorizeAttention: boolean;
    requestAttention: boolean;
    manage: boolean;
    export: boolean;
    edit: boolean;
    archive: boolean;
    restore: boolean;
  };
}

/**
 * Every cases query lives under ['casos']: the live 'casos' event and the writes invalidate it.
 * The first element is also the live list name (`list:casos`).
 */
export const casesQueryKey = ['casos'] as const;
export const activeCasesKey = [...casesQueryKey, 'list', 'activos'] as const;
export const archivedCasesKey = [...casesQueryKey, 'list', 'archivados'] as const;

type CasesPage = Omit<ListPage<CaseRow>, 'permissions'> & { permissions: { create: boolean } };

/** The cases lists answer `permissions.create`; the shared list reads it as `write`. */
async function fetchCases(path: string, params: ListParams, signal?: AbortSignal): Promise<ListPage<CaseRow>> {
  const page = (await fetchListPage<CaseRow>(path, params, signal)) as unknown as CasesPage;
  return { ...page, permissions: { write: page.permissions.create } };
}

export const fetchActiveCases = (params: ListParams, signal?: AbortSignal) => fetchCases('/api/casos', params, signal);
export const fetchArchivedCases = (params: ListParams, signal?: AbortSignal) =>
  fetchCases('/api/casos/archivados', params, signal);

/** The server's filter whitelist for the cases lists: Caso (a whole number) and Placa (spec 2 §2). */
export const CASE_FIELDS: readonly ListField[] = [
  { field: 'caso', label: CASE_TEXTS.caso, type: 'int' },
  { field: 'placa', label: CASE_TEXTS.placa, type: 'text' },
];
