// remote-pages.json's `access` (who may open a page, which the page's inline script reads to preload a
// remote only for a visitor the guard lets in) says what the guards of AppRoutes.tsx do: each page, as
// a signed-out visitor and as each role, renders its remote page exactly when its access allows it.
import { screen } from '@testing-library/react';
import type { Role } from 'shared-contracts';
import table from '../src/app/remote-pages.json';
import { loadRemotePage } from '../src/remotes/registry';
import { makeUser } from './support/fake-api';
import { loadFakeRemotePage, pageHeading } from './support/fake-remotes';
import { renderApp } from './support/render-app';

jest.mock('../src/remotes/registry', () => ({ ...jest.requireActual('../src/remotes/registry'), loadRemotePage: jest.fn() }));
const loadPage = jest.mocked(loadRemotePage);

beforeEach(() => {
  loadPage.mockReset();
  loadPage.mockImplementation(loadFakeRemotePage);
});

const allowed = (access: string, role: Role | null) =>
  role === null ? access === 'signed-out' : access === 'signed-in' || access === role;
const cases = Object.entries(table.pages).flatMap(([path, page]) =>
  ([null, 'normal_user', 'store_owner', 'system_admin'] as const).map((role) => [path.replace(':id', '4'), page, role] as const),
);

test.each(cases)('%s (%o) as %s', async (path, page, role) => {
  renderApp({ path, ...(role ? { user: makeUser(role) } : {}) });
  // Some page renders: this one's, or the one the guard sends the visitor to.
  await screen.findByRole('heading', { level: 1 });
  const rendered = screen.queryByRole('heading', { level: 1, name: pageHeading(page.remote as never, page.module) }) !== null;
  expect(rendered).toBe(allowed(page.access, role));
});
