/**
 * @jest-environment jsdom
 */
// The page's inline script (issue 16): the route's remote files preloaded only for a visitor the route's
// guard lets in, and the profile check started with a saved token.
import {
  EARLY_PROFILE_GLOBAL,
  EARLY_PROFILE_SCRIPT,
  type PageAccess,
  ROLE_HINT_STORAGE_KEY,
  START_DATA_ELEMENT_ID,
  TOKEN_STORAGE_KEY,
} from '../src';

const PRELOAD = [
  { href: '/mf/admin/remoteEntry.js', as: 'script' },
  { href: '/mf/admin/Page.css', as: 'style' },
];

function runOnPage(access: PageAccess, storage: { token?: string; role?: string }) {
  document.head.innerHTML = '';
  window.localStorage.clear();
  Reflect.deleteProperty(window, EARLY_PROFILE_GLOBAL);
  if (storage.token) window.localStorage.setItem(TOKEN_STORAGE_KEY, storage.token);
  if (storage.role) window.localStorage.setItem(ROLE_HINT_STORAGE_KEY, storage.role);
  const data = document.createElement('script');
  data.id = START_DATA_ELEMENT_ID;
  data.type = 'application/json';
  data.textContent = JSON.stringify({ remotes: {}, manifests: {}, route: { access, preload: PRELOAD } });
  document.head.append(data);
  const fetchMock = jest.fn(() => Promise.resolve({ status: 200 }));
  Object.assign(window, { fetch: fetchMock });
  new Function(EARLY_PROFILE_SCRIPT)();
  const preloaded = [...document.head.querySelectorAll('link[rel="preload"]')].map(
    (l) => `${l.getAttribute('as')} ${l.getAttribute('href')}`,
  );
  return { preloaded, fetchMock };
}

const FILES = ['script /mf/admin/remoteEntry.js', 'style /mf/admin/Page.css'];

test.each<[PageAccess, { token?: string; role?: string }, boolean]>([
  ['signed-out', {}, true],
  ['signed-out', { token: 't', role: 'normal_user' }, false],
  ['signed-in', {}, false],
  ['signed-in', { token: 't' }, true],
  ['system_admin', { token: 't', role: 'system_admin' }, true],
  ['system_admin', { token: 't', role: 'normal_user' }, false],
  ['system_admin', { token: 't' }, false],
  ['system_admin', {}, false],
])('a %s page with %j preloads the area: %s', (access, storage, preloads) => {
  expect(runOnPage(access, storage).preloaded).toEqual(preloads ? FILES : []);
});

test('with a saved token it starts the profile check with it, once; without, it asks nothing', () => {
  const signedIn = runOnPage('signed-in', { token: 'abc' });
  expect(signedIn.fetchMock).toHaveBeenCalledTimes(1);
  expect(signedIn.fetchMock.mock.calls[0]).toEqual([
    '/api/auth/profile',
    expect.objectContaining({ headers: { Authorization: 'Bearer abc' } }),
  ]);
  expect((window as unknown as Record<string, { token: string }>)[EARLY_PROFILE_GLOBAL].token).toBe('abc');
  expect(runOnPage('signed-out', {}).fetchMock).not.toHaveBeenCalled();
});
