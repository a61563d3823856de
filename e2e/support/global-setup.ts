import { pgliteSnapshot } from '../../apps/server/test/pglite-snapshot';

/**
 * Each worker's server starts from the migrated, seeded database the API tests start from (a
 * PGlite dump kept in node_modules/.cache, made here when missing) instead of running initdb and
 * the migrations itself: a server's start takes 4.2 s less CPU (9.0 → 4.8 s here), at the start
 * of the run, where three of them share the two cores. Its demo data goes on top as on an empty
 * database. The workers find the dump in E2E_PGLITE_SNAPSHOT (server.ts).
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.E2E_BASE_URL) return;
  process.env.E2E_PGLITE_SNAPSHOT = await pgliteSnapshot();
}
