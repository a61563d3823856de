import { defineConfig } from 'vitest/config';
import { WEB_MOCKING_FILES } from './apps/web/isolated-tests.js';
import RecordedDurationsSequencer from './ops/test-order/sequencer.js';

const WEB_TESTS = ['src/**/*.test.{ts,tsx}'];

/** One runner, four projects: the domain rules, the server against a real database, the web components (two). */
export default defineConfig({
  test: {
    // Vitest's default is one fewer than the cores: one worker on this 2-core machine. Three: the
    // API tests wait on their databases and timers, and with two the cores were ~12 % idle
    // (test:fast with the web build beside it, ops/test.sh: 94 → 91 s, 2026-12-01).
    maxWorkers: 3,
    // The longest files first, on a first run too (ops/test-order).
    sequence: { sequencer: RecordedDurationsSequencer },
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          // One migrated, seeded database per run; each file starts from a copy of it.
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Files share a worker's loaded modules (the server's code is imported once per worker,
          // not once per file: 179 → 89 s on PGlite). Each file starts its own server on its own
          // database; state a server keeps belongs to its instance (WeakMap<AppContext, …>).
          isolate: false,
          fileParallelism: true,
          maxWorkers: 3,
        },
      },
      // The web components share one page and one module cache per worker: a fresh jsdom and a
      // fresh import of MUI for each of the 40-odd files cost more than their tests (58 → 21 s).
      // Each file puts back what it changed (src/test/setup.ts). The files that replace a module
      // (vi.mock) keep their own, or the replacement would leak into later files, or miss a
      // module an earlier file already loaded.
      {
        extends: 'apps/web/vite.config.ts',
        test: { name: 'web', root: 'apps/web', include: WEB_TESTS, exclude: WEB_MOCKING_FILES, isolate: false },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: { name: 'web-isolated', root: 'apps/web', include: WEB_MOCKING_FILES },
      },
    ],
  },
});
