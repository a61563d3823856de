import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Features never import each other (DESIGN.md): a file in apps/web/src/features/<a>/ may not
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
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
    plugins: { 'react-hooks': reactHooks, vialex: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'vialex/feature-boundaries': 'error',
    },
  },
);
