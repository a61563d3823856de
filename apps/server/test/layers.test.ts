import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers (integrations, db → platform → modules → demo → app, cli): a file
 * imports only from its own layer or the layers below it. The rule lives in eslint.config.js
 * (vialex/server-layers); these cases run it through the project's own ESLint configuration.
 */
const root = path.resolve(import.meta.dirname, '../../..');
// Only the project's own import rules run: the rest of the configuration is `npm run lint`'s, and
// with every rule on, linting the server's source twice took most of this file's time.
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId.startsWith('vialex/') });

let source: Promise<ESLint.LintResult[]> | undefined;

/** What one rule says of the server's source as it is, linted once for every rule here. */
async function sourceErrors(ruleId: string): Promise<string[]> {
  source ??= eslint.lintFiles(['apps/server/src/**/*.ts']);
  return (await source).flatMap((r) =>
    r.messages.filter((m) => m.ruleId === ruleId).map((m) => `${r.filePath}: ${m.message}`),
  );
}

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/server/src', file) });
  return result.messages.filter((m) => m.ruleId === 'vialex/server-layers').map((m) => m.message);
}

describe('server layers (ESLint vialex/server-layers)', () => {
  it.each([
    ['db/seed.ts', "import { createStaffUser } from '../modules/users/service.js';", 'db must not import modules'],
    ['integrations/web-push.ts', "import { getSetting } from '../db/settings.js';", 'integrations must not import db'],
    ['db/settings.ts', "export { sendPush } from '../integrations/web-push.js';", 'db must not import integrations'],
    [
      'platform/context.ts',
      "import type { Viewer } from '../modules/auth/session.js';",
      'platform must not import modules',
    ],
    ['config.ts', "import { buildApp } from './app.js';", 'platform must not import app'],
    ['modules/users/service.ts', "import { DEMO_USERS } from '../../demo/data.js';", 'modules must not import demo'],
    ['demo/cases.ts', "const s = await import('../server.js');", 'demo must not import app'],
  ])('%s: %s is refused', async (file, code, message) => {
    const errors = await layerErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    ['modules/push/service.ts', "import { sendPush } from '../../integrations/web-push.js';"],
    ['platform/vapid-keys.ts', "import { settingOnce } from '../db/settings.js';"],
    ['demo/data.ts', "import { createStaffUser } from '../modules/users/service.js';"],
    ['cli/admin.ts', "import { seedDemoData } from '../demo/data.js';"],
    ['modules/cases/routes.ts', "import { lookupPlate } from '../vehicles/plate-lookup.js';"],
    ['db/seed.ts', "import { MSG } from '@vialex/domain';"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });

  it('the server source keeps to its layers', async () => {
    expect(await sourceErrors('vialex/server-layers')).toEqual([]);
  });
});

/** Server modules in order (MODULE_RANKS in eslint.config.js): a module imports only lower ranks. */
async function orderErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/server/src', file) });
  return result.messages.filter((m) => m.ruleId === 'vialex/module-order').map((m) => m.message);
}

describe('server modules in order (ESLint vialex/module-order)', () => {
  it.each([
    [
      'modules/users/service.ts',
      "import { findCaseRow } from '../cases/queries.js';",
      'modules/users must not import modules/cases',
    ],
    [
      'modules/cases/create-service.ts',
      "import { roomOf } from '../chat/service.js';",
      'modules/cases must not import modules/chat',
    ],
    [
      'modules/auth/routes.ts',
      "import { presentUser } from '../users/admin-presenter.js';",
      'modules/auth must not import modules/users',
    ],
    // Two modules of one rank do not import each other either.
    [
      'modules/clients/service.ts',
      "import { lookupPlate } from '../vehicles/plate-lookup.js';",
      'modules/clients must not import modules/vehicles',
    ],
    ['modules/nuevo/service.ts', "import { enforce } from '../cases/queries.js';", 'modules/nuevo has no rank'],
  ])('%s: %s is refused', async (file, code, message) => {
    const errors = await orderErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    ['modules/chat/service.ts', "import { caseInScope } from '../cases/queries.js';"],
    ['modules/cases/status-service.ts', "import { recomputeAvailability } from '../availability/availability.js';"],
    ['modules/users/admin-service.ts', "import { signOutUser } from '../auth/session.js';"],
    ['modules/cases/queries.ts', "import { findScopedCase } from './queries.js';"],
    ['modules/cases/queries.ts', "import { enforce } from '../../platform/policy.js';"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await orderErrors(file, code)).toEqual([]);
  });

  it('the server modules keep their order: no import runs back up, no two modules import each other', async () => {
    expect(await sourceErrors('vialex/module-order')).toEqual([]);
  });
});
