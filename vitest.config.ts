import { defineConfig } from 'vitest/config';

/** One runner, three projects: the domain rules, the server against a real database, the web components. */
export default defineConfig({
  test: {
    // Vitest's default is one fewer than the cores: one worker on this 2-core machine.
    maxWorkers: 2,
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
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
