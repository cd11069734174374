/**
 * What the browser tests do often: sign in through the form or with a token from the API, create
 * accounts over HTTP as a client would, and find the toasts the shell shows top-right.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { demoAccountFor, LOGIN_ROLE_OPTIONS, type Role } from 'shared-contracts';

/** The demo accounts the site seeds (admin@example.com, owner@example.com, customer@example.com). */
export const DEMO = {
  admin: demoAccountFor('system_admin'),
  owner: demoAccountFor('store_owner'),
  customer: demoAccountFor('normal_user'),
};

/** A unique, valid email for an account a test creates. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${randomUUID().slice(0, 8)}@example.com`;
}

async function api<T>(baseURL: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Signs in over the API (the sign-in call names the role the person signs in as) and returns the token. */
export async function apiLogin(baseURL: string, email: string, password: string, role: Role): Promise<string> {
  const { token } = await api<{ token: string }>(baseURL, 'POST', '/api/auth/login', { email, password, role });
  return token;
}

export interface NewAccount {
  name: string;
  email: string;
  password: string;
  address: string;
  role: Role;
}

/** Registers an account over the API (customer or store owner) and returns it with its token. */
export async function apiRegister(
  baseURL: string,
  role: 'normal_user' | 'store_owner',
  prefix: string = role,
): Promise<NewAccount & { token: string }> {
  const account: NewAccount = {
    name: `E2e ${role === 'normal_user' ? 'Customer' : 'Owner'} ${randomUUID().slice(0, 6)}`.padEnd(20, 'x'),
    email: uniqueEmail(prefix),
    password: 'Secret@123',
    address: '12 Test Street, Springfield',
    role,
  };
  const { token } = await api<{ token: string }>(baseURL, 'POST', '/api/auth/register', account);
  return { ...account, token };
}

/** Calls the API as a signed-in client. */
export function apiAs<T>(baseURL: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  return api<T>(baseURL, method, path, body, token);
}

/** Signs in through the sign-in form the way a person does (choosing the role card), and waits to leave /login. */
export async function signInThroughForm(page: Page, email: string, password: string, role: Role = 'normal_user'): Promise<void> {
  await page.goto('/login');
  const roleLabel = LOGIN_ROLE_OPTIONS.find((option) => option.role === role)!.label;
  await page.getByRole('radio', { name: roleLabel }).check();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * Puts a token where the shell keeps it, with the role hint the shell keeps beside it for a returning
 * user (read from the profile, as the shell does), from a page of the site's origin that is not the app
 * (/remotes.json), so nothing of the app is loaded or fetched on the way. An invalid token gets no hint.
 */
export async function storeToken(page: Page, token: string): Promise<void> {
  await page.goto('/remotes.json');
  await page.evaluate(storeSessionInPage, token);
}

/** Runs in the page: the token under 'token' and, when the API accepts it, the user's role under 'role'. */
export async function storeSessionInPage(token: string): Promise<void> {
  window.localStorage.setItem('token', token);
  const answer = await fetch('/api/auth/profile', { headers: { Authorization: `Bearer ${token}` } });
  if (!answer.ok) return;
  const { user } = (await answer.json()) as { user: { role: string } };
  window.localStorage.setItem('role', user.role);
}

/** Starts a session without the form: the token goes where the shell keeps it, then `path` opens. */
export async function signInWithToken(page: Page, token: string, path = '/dashboard'): Promise<void> {
  await storeToken(page, token);
  await page.goto(path);
}

/** The site's navigation bar. */
export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

/** A link of the navigation bar. */
export function navLink(page: Page, label: string): Locator {
  return mainNav(page).getByRole('link', { name: label, exact: true });
}

/**
 * Clicks a control of the navigation bar (a link, or Logout). Below 1024 px those sit in the
 * collapsed menu: its toggle is opened first and must say so (aria-expanded).
 */
export async function clickInNavbar(page: Page, control: Locator): Promise<void> {
  await mainNav(page).waitFor();
  if (!(await control.isVisible())) {
    await mainNav(page).getByRole('button', { name: 'Menu' }).click();
    await mainNav(page).getByRole('button', { name: 'Menu', expanded: true }).waitFor();
  }
  await control.click();
}

/** The toast showing `text` (react-hot-toast renders each message with role=status). */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole('status').filter({ hasText: text });
}

/** Waits for a toast with `text` and checks it sits in the top-right corner of the viewport. */
export async function expectToastTopRight(page: Page, text: string | RegExp): Promise<void> {
  const item = toast(page, text).first();
  await item.waitFor({ state: 'visible' });
  const box = await item.boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  expect(viewport).not.toBeNull();
  // Top: within the first third of the screen (on a wide screen the column starts under the page
  // header's actions, about 200 px down, issue 16). Right: its right edge near the right edge (on a
  // narrow screen react-hot-toast centres the column, so near-full-width toasts also count).
  expect(box!.y).toBeLessThan(viewport!.height / 3);
  expect(viewport!.width - (box!.x + box!.width)).toBeLessThan(viewport!.width < 640 ? viewport!.width / 4 : 48);
  expect(box!.x + box!.width / 2).toBeGreaterThan(viewport!.width / 2 - (viewport!.width < 640 ? viewport!.width / 4 : 0));
}

/**
 * Moves the app to `path` the way an in-app link does (history push, the router follows), with no
 * document load: for a route no visible link leads to at that moment (e.g. /dashboard, where signing
 * in lands).
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
}
