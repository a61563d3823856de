import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { areas, auditoria } from '../apps/server/src/db/schema/index.js';
import { recordAudit } from '../apps/server/src/modules/audit/record.js';
import { percentile } from './lib/server-process.js';

/**
 * Budget: recording an administrative act in AUDITORÍA adds ≤ 1 ms p95 to the act it records.
 *
 * The act is a catalogue edit as the services run it (one transaction: the row locked, updated,
 * then its record); recorded and bare acts alternate on the same connection pool, against the
 * migrated database of a running server (which listens to the records' live notices). Measured:
 * the record's own time inside the act (recordAudit: the insert and its list:auditoria notice, one
 * statement), and each kind of act's p95 for scale. 2,000 of each after a warm-up (quick: 200).
 */
export async function benchAudit(_serverUrl: string, databaseUrl: string, quick = false) {
  const n = quick ? 200 : 2000;
  const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
  try {
    const { db } = database;
    const [area] = await db
      .insert(areas)
      .values({ nombre: 'BENCH AUDIT', value: 'BENCH AUDIT', estado: true })
      .returning();
    const actor = { id: '00000000-0000-4000-8000-000000000001', nombre: 'BENCH', cargo: 'Administrador' };
    const recordMs: number[] = [];
    const withMs: number[] = [];
    const bareMs: number[] = [];
    // The act's own UPDATE, timed the same way: one statement's round trip on this machine now.
    const updateMs: number[] = [];
    const act = async (record: boolean, i: number) => {
      const started = performance.now();
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(areas).where(eq(areas.id, area.id)).for('update');
        const nombre = `BENCH AUDIT ${i}`;
        const u = performance.now();
        await tx.update(areas).set({ nombre }).where(eq(areas.id, area.id));
        updateMs.push(performance.now() - u);
        if (!record) return;
        const t = performance.now();
        await recordAudit(tx, {
          actor,
          ip: '203.0.113.7',
          accion: 'catalogo.editado',
          objeto: { tipo: 'area', id: area.id, etiqueta: nombre },
          antes: { nombre: before.nombre, estado: before.estado },
          despues: { nombre, estado: before.estado },
        });
        recordMs.push(performance.now() - t);
      });
      (record ? withMs : bareMs).push(performance.now() - started);
    };
    const warm = quick ? 20 : 200;
    for (let i = 0; i < warm; i++) {
      await act(true, i);
      await act(false, i);
    }
    recordMs.length = withMs.length = bareMs.length = updateMs.length = 0;
    for (let i = 0; i < n; i++) {
      await act(true, i);
      await act(false, i);
    }
    const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(auditoria);
    const median = (xs: number[]) =>
      Number(
        percentile(
          [...xs].sort((a, b) => a - b),
          50,
        ).toFixed(3),
      );
    const p95 = (xs: number[]) =>
      Number(
        percentile(
          [...xs].sort((a, b) => a - b),
          95,
        ).toFixed(3),
      );
    const record = p95(recordMs);
    const met = record <= 1;
    return {
      name: 'audit record (AUDITORÍA, in the act’s transaction)',
      records: count,
      recordP50ms: Number(
        percentile(
          [...recordMs].sort((a, b) => a - b),
          50,
        ).toFixed(3),
      ),
      recordP95ms: record,
      actP95ms: p95(withMs),
      bareActP95ms: p95(bareMs),
      updateP95ms: p95(updateMs),
      load: os.loadavg()[0].toFixed(1),
      figure: `the record p50 ${median(recordMs)} ms, p95 ${record} ms; one UPDATE of the act p50 ${median(updateMs)} ms, p95 ${p95(updateMs)} ms (act with the record p95 ${p95(withMs)} ms, without ${p95(bareMs)} ms; load ${os.loadavg()[0].toFixed(1)})`,
      budget: '≤ 1 ms p95 added to the act',
      met,
      // Every act's record written, once: a lost or doubled record is a failure on any machine.
      pass: count === warm + n && (quick || met),
    };
  } finally {
    await database.close();
  }
}
