import { z } from 'zod';
import { MSG } from '../messages.js';
import { WORKSPACE_TABS } from '../policies/case.js';
import { caseResponse, policyFields } from './cases.js';

/** The workspace's tab names, as the API and the route (/gestionar-caso/{id}/{tab}) spell them. */
export const workspaceTab = z.enum(WORKSPACE_TABS, { error: MSG.pestanaNoValida });

/** An entry of HISTORIAL DE GESTIÓN, newest first; `numero` 1 is the newest. */
export const historyEntryResponse = z.object({
  id: z.string(),
  numero: z.number(),
  fechahora: z.string(),
  descripcion: z.string(),
  /** The case's status when the entry was written. */
  estado: z.string().nullable(),
  creador: z.string().nullable(),
  /** The attachment's file name as written ('no' in the spec when there is none), null without one. */
  nombreArchivo: z.string().nullable(),
  /** The stored file (`archivos`), served by GET /api/casos/{id}/archivos/{archivoId}. */
  archivo: z
    .object({
      id: z.string(),
      nombre: z.string(),
      extension: z.string(),
      /** 'documento' opens in a new tab; 'imagen' (any other extension) is downloaded. */
      tipo: z.enum(['documento', 'imagen']),
      url: z.string(),
    })
    .nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntryResponse>;

/** A DATOS DE LA PÓLIZA card. */
export const policyCardResponse = z.object({
  id: z.string(),
  fuente: z.string(),
  ...policyFields,
  /** Its end date has passed. */
  vencida: z.boolean(),
});
export type PolicyCard = z.infer<typeof policyCardResponse>;

/** The buttons of the policy area for this viewer (the case policy's policyPanelActions). */
export const policyPanelResponse = z.object({
  consultarPoliza: z.boolean(),
  solicitarAprobacion: z.enum(['oculto', 'disponible', 'solicitado']),
  solicitar: z.array(z.enum(['Perito', 'Dibujante'])),
});

/** GET /api/casos/{id}/espacio: the workspace's frame — the case, its tabs for this viewer, the times of its header. */
export const workspaceResponse = z.object({
  caso: caseResponse,
  pestanas: z.array(workspaceTab),
  /** When the last history entry was written (null: none). */
  ultimaGestion: z.string().nullable(),
  /** When the investigator marked arrival at the accident (null: not yet). */
  llegada: z.string().nullable(),
  panel: policyPanelResponse,
});
export type WorkspaceResponse = z.infer<typeof workspaceResponse>;

/**
 * GET /api/casos/{id}/espacio/{tab}: one tab's data. DATOS DEL CASO (informacion) has the history
 * and the policies, gestionar the history; the chats and the map are filled by later issues.
 */
export const workspaceTabResponse = z.object({
  pestana: workspaceTab,
  historial: z.array(historyEntryResponse).nullable(),
  polizas: z.array(policyCardResponse).nullable(),
});
export type WorkspaceTabResponse = z.infer<typeof workspaceTabResponse>;

/** POST /api/casos/{id}/consultar-poliza: what the look-up found and the plan the case has now. */
export const policyLookupResultResponse = z.object({
  encontrado: z.boolean(),
  message: z.string(),
  tipo_plan: z.string(),
  polizas: z.number(),
});
export type PolicyLookupResult = z.infer<typeof policyLookupResultResponse>;
