import { z } from 'zod';

/**
 * Contracts: the shape of every API answer, written once. The server validates and documents
 * (OpenAPI) its answers with these schemas; the web infers its types from them (`z.infer`), so a
 * changed field breaks the build on both sides.
 */

/** An answer that only says how it went ('Operación Exitosa', 'Caso Archivado', …). */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** A keyset page of a list: its rows, the cursors of the pages around it, and what the viewer may do on the list. */
export function pageResponse<Row extends z.ZodType, Permissions extends z.ZodRawShape>(
  row: Row,
  permissions: Permissions,
) {
  return z.object({
    rows: z.array(row),
    nextCursor: z.string().nullable(),
    prevCursor: z.string().nullable(),
    permissions: z.object(permissions),
  });
}

/** A page of a list that says whether the viewer may create and edit in it (clients, users, user status). */
export const writablePageResponse = <Row extends z.ZodType>(row: Row) => pageResponse(row, { write: z.boolean() });
export type WritablePage<R> = Omit<z.infer<ReturnType<typeof writablePageResponse>>, 'rows'> & { rows: R[] };

/** GET /api/health. */
export const healthResponse = z.object({ ok: z.boolean(), database: z.string() });
export type HealthResponse = z.infer<typeof healthResponse>;

/** GET /api/ready: the database answers and every migration of the release is applied. */
export const readyResponse = z.object({ ok: z.literal(true), database: z.string(), migrations: z.number().int() });
export type ReadyResponse = z.infer<typeof readyResponse>;
