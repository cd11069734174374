/**
 * Account recovery and email verification in the assembled site (issue 18), at 1280 and at 375 px. The
 * site runs without SMTP_URL, so each mail is an .eml file in its DATA_DIR/outbox/: the tests read the
 * link from there, as a person would from their inbox. A customer who forgot their password asks for a
 * link from the sign-in page, opens it, sets a new password and signs in with it; a new customer opens
 * the verification link of their registration and Profile then shows 'Verified'.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from 'shared-contracts';
import { apiRegister, signInWithToken, uniqueEmail } from '../support/app';
import { BOTH_VIEWPORTS, launchBrowser, openPage, screenshot } from '../support/browser';
import { eventually } from '../support/eventually';
import { cleanPages } from '../support/pages';
import { type Site, startSite } from '../support/site';

let site: Site;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const open = cleanPages(() => ({ browser, baseURL: site.url }));

/** The message's text as written (quoted-printable soft breaks and escapes undone). */
const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The link to `page` in the latest message to `email` in the site's outbox (waits for it). */
async function linkFromOutbox(email: string, page: 'reset-password' | 'verify-email'): Promise<string> {
  const outbox = path.join(site.dataDir, 'outbox');
  let link = '';
  await eventually(() => {
    const messages = readdirSync(outbox)
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .map((name) => decoded(readFileSync(path.join(outbox, name), 'utf8')))
      .filter((text) => text.includes(`To: ${email}`));
    const match = new RegExp(`https?://[^\\s"<>]+/${page}\\?token=[A-Za-z0-9_-]+`).exec(messages.at(-1) ?? '');
    expect(match).not.toBeNull();
    link = match![0];
  });
  return link;
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

describe.each(BOTH_VIEWPORTS)('account recovery at %s', (_label, viewport) => {
  test('a customer asks for a reset link from the sign-in page, opens it, sets a new password and signs in with it', async () => {
    const account = await apiRegister(site.url, 'normal_user', 'forgetful');
    const page = await open(viewport);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();

    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(MESSAGES.passwordResetRequested).waitFor();
    await screenshot(page, 'forgot-password-sent', viewport);

    // The link, absolute, to this site.
    const link = await linkFromOutbox(account.email, 'reset-password');
    expect(link.startsWith(`${site.url}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Reset Password' }).waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('Fresh@Pass9');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Fresh@Pass9');
    await screenshot(page, 'reset-password', viewport);
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await page.waitForURL('**/login');
    await page.getByRole('status').filter({ hasText: MESSAGES.passwordResetDone }).waitFor();
    await signIn(page, account.email, 'Fresh@Pass9');
    await page.waitForURL('**/user-dashboard');

    // The link worked once: opened again, it says so and offers to ask for a new one. The refused
    // request (400) is the one console error this page may log.
    const second = await openPage(browser, site.url, viewport);
    try {
      const again = second.page;
      await again.goto(link);
      await again.getByLabel('New Password', { exact: true }).fill('Other@Pass9');
      await again.getByLabel('Confirm Password', { exact: true }).fill('Other@Pass9');
      await again.getByRole('button', { name: 'Reset Password' }).click();
      await again.getByRole('alert').filter({ hasText: MESSAGES.accountLinkInvalid }).waitFor();
      await again.getByRole('link', { name: 'Ask for a new reset link' }).waitFor();
      await screenshot(again, 'reset-password-used-link', viewport);
      expect(second.errors.filter((error) => !/the server responded with a status of 400\b/.test(error))).toEqual([]);
    } finally {
      await second.context.close();
    }
  });

  test("a new customer opens the verification link of their registration; Profile's Account Status turns Verified", async () => {
    const page = await open(viewport);
    const email = uniqueEmail('verify');
    await page.goto('/register');
    await page.getByLabel('Full Name').fill('Verification Journey Customer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Address').fill('3 Mail Road, Pune');
    await page.getByLabel('Password', { exact: true }).fill('Secret@123');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Secret@123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname !== '/register');

    await page.goto('/profile');
    const status = page.getByLabel('Account overview').locator('dd').nth(1);
    await eventually(async () => expect(await status.textContent()).toContain('Not verified'));
    await page.getByRole('button', { name: 'Resend verification email' }).waitFor();

    const link = await linkFromOutbox(email, 'verify-email');
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Verify Email' }).waitFor();
    await page.getByText(MESSAGES.emailVerified).waitFor();
    await screenshot(page, 'verify-email', viewport);

    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await page.waitForURL('**/profile');
    await eventually(async () => expect((await status.textContent())?.trim()).toBe('Verified'));
    expect(await page.getByRole('button', { name: 'Resend verification email' }).count()).toBe(0);
    await screenshot(page, 'profile-verified', viewport);
  });

  test('an unverified account asks for a new verification link from Profile', async () => {
    const account = await apiRegister(site.url, 'normal_user', 'resend');
    const page = await open(viewport);
    await signInWithToken(page, account.token, '/profile');
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await page.getByRole('status').filter({ hasText: MESSAGES.verificationSent }).waitFor();
    await screenshot(page, 'profile-unverified', viewport);
  });
});
