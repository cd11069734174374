// What the shell's build says it provides and loads (provides.json, DESIGN.md §5), as the compatibility
// gate reads it: every shared library of tools/mf-shared.js with the version the build bundles, and
// for each remote the exposed modules the route table (remote-pages.json) loads from it.
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProvidesInput {
  shared: Record<string, { version?: string }>;
  remotePages: { pages: Record<string, { remote: string; module: string }> };
  buildVersion: string;
  installedVersion: (name: string) => string;
}
interface ShellProvides {
  app: 'shell';
  buildVersion: string;
  provides: Record<string, string>;
  loads: Record<string, string[]>;
}

const { shellProvides } = require('../../tools/webpack-app') as { shellProvides: (input: ProvidesInput) => ShellProvides };
const { sharedLibraries } = require('../../tools/mf-shared') as { sharedLibraries: () => ProvidesInput['shared'] };

const ROOT = path.join(__dirname, '..', '..');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;
const remotePages = readJson<ProvidesInput['remotePages']>('shell/src/app/remote-pages.json');
const contractsVersion = readJson<{ version: string }>('shared-contracts/package.json').version;

/** Installed versions as a fake node_modules would hold them. */
const INSTALLED: Record<string, string> = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-hot-toast': '2.6.1',
  axios: '1.21.1',
  '@tanstack/react-query': '5.108.0',
  'shared-contracts': '0.0.0-not-what-the-map-says',
};
const installedVersion = jest.fn((name: string) => {
  const version = INSTALLED[name];
  if (!version) throw new Error(`${name} is not installed`);
  return version;
});

const build = (overrides: Partial<ProvidesInput> = {}) =>
  shellProvides({ shared: sharedLibraries(), remotePages, buildVersion: '1.0.0', installedVersion, ...overrides });

test('names itself the shell, with its build version', () => {
  expect(build({ buildVersion: 'ci-4821' })).toMatchObject({ app: 'shell', buildVersion: 'ci-4821' });
});

test('provides every shared library once, without the trailing-slash entries, at its installed version', () => {
  expect(build().provides).toEqual({
    '@tanstack/react-query': '5.108.0',
    axios: '1.21.1',
    react: '19.3.1',
    'react-dom': '19.3.1',
    'react-hot-toast': '2.6.1',
    'shared-contracts': contractsVersion,
  });
});

test('shared-contracts is provided at its package.json version (the version the shared map shares it at)', () => {
  expect(build().provides['shared-contracts']).toBe(contractsVersion);
  expect(installedVersion).not.toHaveBeenCalledWith('shared-contracts');
});

test('loads, per remote, the exposed modules of remote-pages.json, sorted', () => {
  expect(build().loads).toEqual({
    mf_admin: [
      'AdminAnalyticsPage',
      'AdminDashboardPage',
      'AdminDeploymentsPage',
      'AdminModerationPage',
      'AdminStoresPage',
      'AdminUsersPage',
    ],
    mf_auth: ['ForgotPasswordPage', 'LoginPage', 'ProfilePage', 'RegisterPage', 'ResetPasswordPage', 'VerifyEmailPage'],
    mf_customer: ['CustomerDashboardPage', 'MyRatingsPage'],
    mf_owner: ['OwnerDashboardPage'],
    mf_stores: ['StoreDetailPage', 'StoreListPage'],
  });
});

test('a module two routes load is listed once', () => {
  const pages = {
    '/b': { remote: 'mf_stores', module: 'StoreListPage' },
    '/a': { remote: 'mf_stores', module: 'StoreListPage' },
    '/c': { remote: 'mf_stores', module: 'StoreDetailPage' },
  };
  expect(build({ remotePages: { pages } }).loads).toEqual({ mf_stores: ['StoreDetailPage', 'StoreListPage'] });
});

test('a shared library that is not installed fails the build, naming it', () => {
  expect(() => build({ shared: { ...sharedLibraries(), 'left-pad': {} } })).toThrow('left-pad is not installed');
});
