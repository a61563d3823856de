/**
 * The web test files that replace a module with vi.mock. They run in a worker of their own
 * (vitest.config.ts, project web-isolated): the other web test files share their workers' modules,
 * where a replaced module would leak into later files. ESLint refuses vi.mock anywhere else.
 */
export const WEB_MOCKING_FILES = [
  'src/features/auth/passkey-sign-in.test.tsx',
  'src/features/case-map/case-map-view.test.tsx',
  'src/features/layout/session-warning.test.tsx',
  'src/features/profile/passkey-flow.test.tsx',
];
