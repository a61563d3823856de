import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { WEB_MOCKING_FILES } from './apps/web/isolated-tests.js';

/**
 * Features never import each other (docs/ARCHITECTURE.md): a file in apps/web/src/features/<a>/ may not
 * import from apps/web/src/features/<b>/. Shared pieces belong in components/ or lib/.
 */
const featureBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    const match = /apps[\\/]web[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/.exec(file);
    if (!match) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const other = /apps[\\/]web[\\/]src[\\/]features[\\/]([^\\/]+)/.exec(target);
      if (other && other[1] !== match[1]) {
        context.report({
          node,
          message: `features/${match[1]} must not import features/${other[1]}; move the shared piece to components/ or lib/.`,
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (n) => check({ ...n, source: n.source }),
    };
  },
};

/**
 * The server's layers (docs/ARCHITECTURE.md "Where things are"), lowest first. A file imports only from its own
 * layer or a layer of a lower rank; integrations and db are both at the bottom and don't import
 * each other. The domain package (@vialex/domain) and npm packages sit beneath all of them.
 */
export const SERVER_LAYERS = [
  { name: 'integrations', rank: 0, paths: ['integrations/'] },
  { name: 'db', rank: 0, paths: ['db/'] },
  { name: 'platform', rank: 1, paths: ['platform/', 'config'] },
  { name: 'modules', rank: 2, paths: ['modules/'] },
  { name: 'demo', rank: 3, paths: ['demo/'] },
  { name: 'app', rank: 4, paths: ['app', 'server', 'main', 'cli/'] },
];

const SERVER_SRC = /apps[\\/]server[\\/]src[\\/](.+)$/;

function serverLayerOf(file) {
  // Imports name the compiled file (./app.js): compare without the extension.
  const inSrc = SERVER_SRC.exec(file)?.[1]
    ?.split(path.sep)
    .join('/')
    .replace(/\.[cm]?[jt]s$/, '');
  if (!inSrc) return undefined;
  return SERVER_LAYERS.find((layer) => layer.paths.some((p) => (p.endsWith('/') ? inSrc.startsWith(p) : inSrc === p)));
}

/** Server files import downwards only: a file of one layer never imports from a layer above it (or a sibling). */
export const serverLayers = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    const own = serverLayerOf(file);
    if (!own) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = serverLayerOf(path.resolve(path.dirname(file), source));
      if (!target || target === own || target.rank < own.rank) return;
      context.report({
        node,
        message: `${own.name} must not import ${target.name} (${source}): a server layer imports only from itself and the layers below it (integrations, db → platform → modules → demo → app, cli).`,
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (n) => check({ ...n, source: n.source }),
    };
  },
};

/**
 * The server's modules in order, lowest first (docs/ARCHITECTURE.md "Modules in order"). A module
 * imports only modules of a lower rank, never one of its own rank or above: so no import runs
 * back up and no two modules import each other. A new module takes its place here.
 */
export const MODULE_RANKS = [
  ['audit', 'availability', 'files', 'lookups', 'privacy', 'push'],
  ['auth', 'catalogues', 'clients', 'vehicles'],
  ['notifications', 'system', 'users'],
  ['cases'],
  ['case-map', 'chat', 'exports', 'reports'],
  ['client-links', 'live'],
  ['messaging'],
  ['data-subject'],
];

const MODULE_OF = /apps[\\/]server[\\/]src[\\/]modules[\\/]([^\\/]+)[\\/]/;
const moduleRank = (name) => MODULE_RANKS.findIndex((rank) => rank.includes(name));

/** Server modules import downwards only, by MODULE_RANKS. */
export const moduleOrder = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const own = MODULE_OF.exec(context.filename)?.[1];
    if (!own) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = MODULE_OF.exec(path.resolve(path.dirname(context.filename), source) + path.sep)?.[1];
      if (!target || target === own) return;
      const [mine, theirs] = [moduleRank(own), moduleRank(target)];
      if (mine < 0 || theirs < 0) {
        context.report({
          node,
          message: `modules/${mine < 0 ? own : target} has no rank: give it its place in MODULE_RANKS (eslint.config.js).`,
        });
      } else if (theirs >= mine) {
        context.report({
          node,
          message: `modules/${own} must not import modules/${target} (${source}): a module imports only modules of a lower rank (MODULE_RANKS in eslint.config.js).`,
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (n) => check({ ...n, source: n.source }),
    };
  },
};

/** The project's own rules. */
const vialex = {
  rules: { 'feature-boundaries': featureBoundaries, 'server-layers': serverLayers, 'module-order': moduleOrder },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/server/drizzle/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      '**/*.d.ts',
      '**/dev-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { vialex },
    rules: { 'vialex/server-layers': 'error', 'vialex/module-order': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
    plugins: { 'react-hooks': reactHooks, vialex },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'vialex/feature-boundaries': 'error',
      'no-restricted-syntax': [
        'error',
        {
          // axe's aria-progressbar-name: a spinner says what loads, or hides inside the control that does.
          selector:
            "JSXOpeningElement[name.name='CircularProgress']:not(:has(JSXAttribute[name.name=/^aria-(label|labelledby|hidden)$/]))",
          message:
            'A CircularProgress needs aria-label (what is loading) or aria-hidden (ButtonSpinner, inside a busy button).',
        },
      ],
    },
  },
  {
    // vi.mock only in the web test files that have a worker of their own (apps/web/isolated-tests.js).
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    ignores: WEB_MOCKING_FILES.map((f) => `apps/web/${f}`),
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message: 'A web test file that replaces a module must run isolated: add it to apps/web/isolated-tests.js.',
        },
      ],
    },
  },
);
