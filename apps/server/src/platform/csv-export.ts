import { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { MSG, REPORT_TEXTS } from '@vialex/domain';
import type { AppContext } from './context.js';
import { AppError, notFound } from './errors.js';
import { openCursor, type RowCursor } from './row-cursor.js';

/*
 * A CSV download streamed from a database cursor a batch at a time (the reports' Exportar,
 * AUDITORÍA): an export of 100,000 rows holds one batch of 1,000 here, and the download starts
 * with the first batch. UTF-8 with a byte-order mark, so Excel in Spanish opens accents right;
 * CRLF line ends; values written by csvValue below.
 */

const BOM = '\uFEFF';
export const CSV_BATCH = 1000;

/**
 * Where a spreadsheet may start a cell inside a value: the value's start, and after either list
 * separator (`,`, or `;` of Excel in es-CO, which splits there) or a line break — a reader that
 * splits where the file did not mean it to starts a cell there — past spaces (some readers trim
 * them) and a quote (a cell that opens quoted).
 */
const CELL_START = /(?<=(?:^|[,;\r\n])[ "]*)[=+\-@\t\r]/g;
/** A value needs quotes with a separator of either kind, a quote, a line break, or a space at an end. */
const NEEDS_QUOTES = /[",;\r\n]|^ | $/;

/**
 * One CSV value (OWASP "CSV Injection"): a text with a formula character (=, +, -, @, tab, CR)
 * where a cell could start gets ' before it, so a spreadsheet shows it as text; then it is quoted
 * (quotes doubled) when it holds a separator of either kind, a quote or a line break, or was
 * changed. Numbers are written as they are; dates as ISO; null as nothing.
 */
export function csvValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  const raw = String(value);
  const text = typeof value === 'string' ? raw.replace(CELL_START, "'$&") : raw;
  return text !== raw || NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, comma separated, CRLF ended. */
export const csvLine = (values: readonly unknown[]) => values.map(csvValue).join(',') + '\r\n';

export interface ExportPlan {
  header: string[];
  query: SQL;
  row: (r: unknown[]) => unknown[];
}

/** Exports running on this instance: each holds a database connection (PostgreSQL) while it streams. */
let running = 0;
export const MAX_CONCURRENT_EXPORTS = 4;

export interface CsvExport {
  fileName: string;
  stream: Readable;
}

/**
 * Opens a CSV export of a query: its cursor and first batch before any byte is sent, so an empty
 * result is 'No hay datos para exportar' (404) and a failure before the first row a clean error
 * answer. `started` runs once there are rows to send (the export's audit record). Every export
 * of this instance (reports, AUDITORÍA) shares the MAX_CONCURRENT_EXPORTS places.
 */
export async function openCsvExport(
  ctx: AppContext,
  p: ExportPlan,
  started: () => Promise<void> = async () => undefined,
): Promise<Readable> {
  if (running >= MAX_CONCURRENT_EXPORTS)
    throw new AppError(429, 'TOO_MANY_EXPORTS', REPORT_TEXTS.demasiadasExportaciones);
  running++;
  let cursor: RowCursor | undefined;
  try {
    cursor = await openCursor(ctx.db, p.query, CSV_BATCH);
    const first = await cursor.next();
    if (!first.length) throw notFound(MSG.noHayDatosExportar);
    await started();
    const c = cursor;
    const log = ctx.log;
    let ended = false;
    // Done, failed, or the browser went away (the stream destroyed, perhaps before its first
    // read): the cursor ends and the export's place is given back, once.
    const end = async () => {
      if (ended) return;
      ended = true;
      running--;
      await c.close().catch((err) => log?.warn({ err }, 'csv export: the cursor did not close'));
    };
    async function* lines() {
      try {
        yield BOM + csvLine(p.header);
        let batch = first;
        while (batch.length) {
          yield batch.map((r) => csvLine(p.row(r))).join('');
          if (batch.length < CSV_BATCH) break;
          batch = await c.next();
        }
      } catch (err) {
        log?.error({ err }, 'csv export failed while streaming');
        throw err;
      } finally {
        await end();
      }
    }
    const stream = Readable.from(lines(), { objectMode: false });
    stream.once('close', () => void end());
    return stream;
  } catch (err) {
    running--;
    await cursor?.close().catch(() => undefined);
    throw err;
  }
}
