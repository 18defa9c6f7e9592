import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The layers of the README's layout, as import rules: a wrong arrow fails `make test`.
 */
const UI = ['koa', 'koa-*', '@koa/*', 'ink', 'ink-*', 'react', 'react-dom', 'react/*', 'react-dom/*'];
const layer = (patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });
// A file's block replaces the rule's options of the blocks before it: the narrower zones repeat these.
const NO_UI = { group: UI, message: 'data/ and db/ are shared by the CLI and the server: no Koa, Ink or React.' };
const NO_EDGES = { group: ['**/server/**', '**/cli/**', '**/web/**'], message: 'data/ and db/ never import the edges (server/, cli/, web/).' };

/**
 * One web feature never imports another (what two features share lives in web/src/components or
 * web/src/lib), so a feature can change or go without touching the rest. A rule of its own rather
 * than import patterns: it resolves `@/` and relative paths, whatever the file's depth.
 */
const WEB_SRC = path.join(import.meta.dirname, 'web/src');
const FEATURES = path.join(WEB_SRC, 'features');
const featureOf = (file) => {
  const rel = path.relative(FEATURES, file);
  return rel === '' || rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep)[0];
};
const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: { other: 'features/{{from}} may not import features/{{to}}: move what both need to web/src/components or web/src/lib.' },
    schema: [],
  },
  create(context) {
    const from = featureOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      const target = spec.startsWith('@/') ? path.join(WEB_SRC, spec.slice(2)) : spec.startsWith('.') ? path.resolve(path.dirname(context.filename), spec) : null;
      const to = target && featureOf(target);
      if (to && to !== from) context.report({ node: node.source, messageId: 'other', data: { from, to } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'uploads/**', 'bench-results/**', 'test-results/**', 'bin/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, rehber: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn', 'rehber/feature-boundaries': 'error' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: layer([
      { group: ['@data/*'], message: 'web/ shares only the pure modules of domain/ (@domain/*) with the server.' },
      { group: ['**/server/**', '**/db/**', '**/cli/**', '**/data/**', 'node:*', 'knex', 'pg', ...UI.slice(0, 5)], message: 'web/ talks to the server over HTTP only.' },
      {
        group: ['react-router-dom'],
        importNames: ['Link', 'NavLink'],
        message: "Links come from '@/components/ui/link': the server renders them as plain markup (a sixth of a page's render otherwise).",
      },
    ]),
  },
  {
    files: ['domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: layer([
      { group: ['node:*', 'knex', 'pg', 'pg-*', ...UI], message: 'domain/ is pure: the web client imports it too.' },
      { group: ['../*'], message: 'domain/ depends on nothing but itself.' },
    ]),
  },
  {
    files: ['data/**/*.ts', 'db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: layer([NO_UI, NO_EDGES]),
  },
  {
    files: ['data/store/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: layer([
      NO_UI,
      NO_EDGES,
      {
        group: ['../import/*', '**/data/import/*'],
        message: 'data/import calls data/store, not the other way round: what both need lives in data/business/ or domain/.',
      },
    ]),
  },
  {
    files: ['db/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.fixtures.ts'],
    rules: layer([
      { group: UI, message: 'db/ imports no Koa, Ink or React.' },
      { group: ['**/server/**', '**/cli/**', '**/web/**'], message: 'db/ never imports the edges.' },
      { group: ['**/data/**'], message: 'db/ sits below data/: it may use domain/ only.' },
    ]),
  },
  {
    files: ['server/**/*.ts'],
    rules: layer([{ group: ['**/cli/**', '**/web/**', 'ink', 'ink-*', 'react', 'react-dom', 'react/*'], message: 'server/ does not import the CLI or the web client.' }]),
  },
);
