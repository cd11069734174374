// One lint configuration for every project (each runs it on its own folder through its `lint` target:
// `eslint . && prettier --check .`). What it holds the code to:
// - JavaScript's and typescript-eslint's recommended rules; React's rules of hooks (react-hooks) and
//   accessibility in JSX (jsx-a11y) for the browser code;
// - the boundaries of DESIGN.md §3: an app never imports another app or another package's internals
//   (`shared-contracts/src/…`, `../../tools/…`); browser code reaches the router and the query library
//   only through `shared-contracts/react` (one copy of each on the page); tests use `shared-contracts/testing`;
// - every `eslint-disable` says why on the same line (`-- because …`), and none is left unused.
// Formatting is Prettier's alone (.prettierrc.json); no stylistic lint rule competes with it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { fixupPluginRules } from '@eslint/compat';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const APPS = ['shell', 'mf-auth', 'mf-stores', 'mf-admin', 'mf-owner', 'mf-customer'];

/** `eslint-disable…` comments must give their reason after ` -- ` (ESLint's own description syntax). */
const disableNeedsReason = {
  meta: { type: 'suggestion', messages: { reason: 'Say why on the same line: `{{directive}} <rule> -- <reason>`.' }, schema: [] },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const match = /^\s*(eslint-disable(?:-next-line|-line)?)\b/.exec(comment.value);
          if (match && !/\s--\s*\S/.test(comment.value)) {
            context.report({ loc: comment.loc, messageId: 'reason', data: { directive: match[1] } });
          }
        }
      },
    };
  },
};

const ROOT = import.meta.dirname;
/** The workspace packages (package.json's workspaces); the root's tools/ and jest.preset.js are tooling every package may use. */
const WORKSPACES = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces;
/** The top folder of `file` inside the repository (its package: shell, mf-auth, api, tools, …). */
const packageOf = (file) => path.relative(ROOT, file).split(path.sep)[0];

/** A relative import that climbs out of its own package into another one (another app, another package's src). */
const noCrossPackageRelative = {
  meta: {
    type: 'problem',
    messages: {
      cross: "'{{source}}' reaches into {{target}}/ by relative path: import a package by its name (an app never imports another app).",
    },
    schema: [],
  },
  create(context) {
    const check = (node) => {
      const source = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null;
      if (!source || !source.startsWith('.')) return;
      const own = packageOf(context.filename);
      const target = packageOf(path.resolve(path.dirname(context.filename), source));
      if (target !== own && WORKSPACES.includes(target)) context.report({ node, messageId: 'cross', data: { source, target } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node.arguments[0]);
      },
    };
  },
};

/** no-restricted-imports patterns: another package's internals or another app by package path. */
const BOUNDARY_PATTERNS = [
  {
    regex: '^shared-contracts/(src|dist)(/|$)',
    message: "shared-contracts' internals: import one of its entries ('shared-contracts', '/react', '/ui', '/schemas', '/testing').",
  },
  {
    regex: `^(${APPS.join('|')})(/|$)`,
    message: 'An app never imports another app: what two apps share lives in shared-contracts.',
  },
];

const browserOnlyThroughContracts = [
  { name: 'react-router', message: "Use the router through 'shared-contracts/react' (one router on the page)." },
  { name: 'react-router-dom', message: "Use the router through 'shared-contracts/react' (one router on the page)." },
  { name: '@tanstack/react-query', message: "Use the query cache through 'shared-contracts/react' (one cache on the page)." },
];

const boundaries = [
  { files: ['**/*.{ts,tsx,js,mjs,cjs}'], rules: { 'no-restricted-imports': ['error', { patterns: BOUNDARY_PATTERNS }] } },
  {
    files: APPS.map((app) => `${app}/src/**/*.{ts,tsx}`),
    rules: { 'no-restricted-imports': ['error', { patterns: BOUNDARY_PATTERNS, paths: browserOnlyThroughContracts }] },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/test-results/**',
      '**/reports/**',
      '**/coverage/**',
      'releases/**',
      '**/.nx/**',
      'docs/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { local: { rules: { 'disable-needs-reason': disableNeedsReason, 'no-cross-package-relative': noCrossPackageRelative } } },
    rules: {
      'local/disable-needs-reason': 'error',
      'local/no-cross-package-relative': 'error',
      // A `let` a closure reads before its one assignment (e.g. a hook registered before the value exists) stays a `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    files: ['**/*.cjs', '**/webpack.config.js', '**/jest.config.js', 'jest.preset.js', 'tools/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Browser code: React hooks and accessibility.
  {
    files: ['{shell,mf-*,shared-contracts}/**/*.tsx', '{shell,mf-*}/src/**/*.ts', 'shared-contracts/src/{react,ui,standalone}/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': fixupPluginRules(jsxA11y) },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  // Tests: jest's globals; fakes may be loose.
  {
    files: ['**/test/**/*.{ts,tsx}', '**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'shared-contracts/src/testing/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.jest, ...globals.browser } },
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
  ...boundaries,
);
