import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The layers of the README's layout, as import rules: a wrong arrow fails `make test`.
 */
const UI = ['koa', 'koa-*', '@koa/*', 'ink', 'ink-*', 'react', 'react-dom', 'react/*', 'react-dom/*'];
const layer = (patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/pg/**', 'uploads/**', 'bench-results/**', 'test-results/**', 'bin/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
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
    rules: layer([
      { group: UI, message: 'data/ and db/ are shared by the CLI and the server: no Koa, Ink or React.' },
      { group: ['**/server/**', '**/cli/**', '**/web/**'], message: 'data/ and db/ never import the edges (server/, cli/, web/).' },
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
