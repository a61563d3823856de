import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ChatKind } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { archivos, chats, fotosdrone, trazabilidad, usuarios } from '../../db/schema/index.js';
import { casePolicies } from '../cases/workspace-queries.js';
import { findCaseWithNames, type CaseWithNames } from '../cases/queries.js';

/*
 * What the export of a case sends (decisions.md D8): every file of its three chats, its
 * management documents (history attachments) and drone photos, each once, under a folder of its
 * kind; and the case summary's data (the case, its team, its policies, the full history, the list
 * of files). Read here from the chat, cases and files modules' tables; only metadata is held in
 * memory, the bytes are streamed from storage one file at a time.
 */

export type FileFolder = 'chat-general' | 'chat-perito' | 'chat-dibujante' | 'documentos' | 'fotos-dron';

export interface ExportFile {
  archivo: string;
  /** The storage key of its bytes. */
  clave: string;
  nombre: string;
  size: number;
  type: string;
  carpeta: FileFolder;
  /** Its path under the case folder: `<carpeta>/<first 8 of its id>-<safe name>` (the same on every attempt). */
  ruta: string;
  fecha: Date;
}

/** A file name any SFTP server takes: ASCII letters, digits, '.', '_' and '-', at most 100 characters. */
export function safeName(nombre: string): string {
  const ascii = nombre
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return ascii || 'archivo';
}

const fileColumns = {
  archivo: archivos.id,
  clave: archivos.clave,
  nombre: archivos.nombre,
  size: archivos.size,
  type: archivos.type,
};

/**
 * The case's files, each once: a drone photo under fotos-dron, a document under documentos, else
 * its room's folder. `rooms`: only the files of these chat rooms (drone photos are the general
 * room's); every room when not given (the SFTP export sends the whole case).
 */
export async function caseFiles(db: Executor, caseId: string, rooms?: readonly ChatKind[]): Promise<ExportFile[]> {
  const drone = await db
    .select({ ...fileColumns, fecha: fotosdrone.fecha })
    .from(fotosdrone)
    .innerJoin(chats, eq(chats.id, fotosdrone.roomId))
    .innerJoin(archivos, eq(archivos.id, fotosdrone.archivo))
    .where(and(eq(chats.uidcaso, caseId), rooms ? inArray(chats.tipo, [...rooms]) : undefined))
    .orderBy(asc(fotosdrone.fecha), asc(archivos.id));
  const documents = await db
    .select({ ...fileColumns, fecha: trazabilidad.fechahora })
    .from(trazabilidad)
    .innerJoin(archivos, eq(archivos.id, trazabilidad.archivo))
    .where(eq(trazabilidad.uidcaso, caseId))
    .orderBy(asc(trazabilidad.fechahora), asc(archivos.id));
  const inRooms = !rooms
    ? sql``
    : rooms.length
      ? sql`and c.tipo in (${sql.join(
          rooms.map((r) => sql`${r}`),
          sql`, `,
        )})`
      : sql`and false`;
  // A message's files are its stored files (mensajes.files[].id); previews are not sent.
  const chatFiles = await db.execute(sql`
    select a.id as archivo, a.clave, a.nombre, a.size, a.type, c.tipo,
           (extract(epoch from m.fecha) * 1000)::float8 as fecha
      from chats c
      join mensajes m on m.room_id = c.id and not m.deleted
      cross join lateral jsonb_array_elements(m.files) f
      join archivos a on a.id = (f->>'id')::uuid
     where c.uidcaso = ${caseId}
       ${inRooms}
     order by c.tipo, m.index_id, a.id`);

  const seen = new Set<string>();
  const files: ExportFile[] = [];
  const add = (
    row: { archivo: string; clave: string; nombre: string; size: number | string; type: string; fecha: Date | number },
    carpeta: FileFolder,
  ) => {
    if (seen.has(row.archivo)) return;
    seen.add(row.archivo);
    files.push({
      archivo: row.archivo,
      clave: row.clave,
      nombre: row.nombre,
      size: Number(row.size),
      type: row.type,
      carpeta,
      ruta: `${carpeta}/${row.archivo.slice(0, 8)}-${safeName(row.nombre)}`,
      fecha: new Date(Number(row.fecha) || row.fecha),
    });
  };
  for (const row of drone) add(row, 'fotos-dron');
  for (const row of documents) add(row, 'documentos');
  for (const row of chatFiles.rows as (Parameters<typeof add>[0] & { tipo: string })[])
    add(row, `chat-${row.tipo}` as FileFolder);
  return files;
}

export interface HistoryLine {
  fechahora: Date;
  descripcion: string;
  estado: string | null;
  creador: string | null;
  archivo: string | null;
}

/** The case's whole history, oldest first (the workspace shows only the newest entries). */
export async function fullHistory(db: Executor, caseId: string): Promise<HistoryLine[]> {
  return db
    .select({
      fechahora: trazabilidad.fechahora,
      descripcion: trazabilidad.descripcion,
      estado: trazabilidad.estado,
      creador: sql<
        string | null
      >`nullif(trim(coalesce(${usuarios.nombres}, '') || ' ' || coalesce(${usuarios.apellidos}, '')), '')`,
      archivo: archivos.nombre,
    })
    .from(trazabilidad)
    .leftJoin(usuarios, eq(usuarios.id, trazabilidad.uidcreador))
    .leftJoin(archivos, eq(archivos.id, trazabilidad.archivo))
    .where(eq(trazabilidad.uidcaso, caseId))
    .orderBy(asc(trazabilidad.fechahora), asc(trazabilidad.id));
}

export interface CaseFileData {
  row: CaseWithNames;
  polizas: Awaited<ReturnType<typeof casePolicies>>;
  historial: HistoryLine[];
  archivos: ExportFile[];
}

/**
 * Everything the summary (JSON and PDF) says about a case; undefined when there is no such case.
 * `rooms`: the chat rooms whose files it lists (a reader's PDF: the rooms they may open).
 */
export async function caseFileData(
  db: Executor,
  caseId: string,
  rooms?: readonly ChatKind[],
): Promise<CaseFileData | undefined> {
  const row = await findCaseWithNames(db, caseId);
  if (!row) return undefined;
  return {
    row,
    polizas: await casePolicies(db, caseId),
    historial: await fullHistory(db, caseId),
    archivos: await caseFiles(db, caseId, rooms),
  };
}
