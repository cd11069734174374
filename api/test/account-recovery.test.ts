/**
 * Account recovery and email verification over HTTP (issue 18), with a real SMTP server started here:
 * 'Forgot password?' mails a link; the link's token, taken out of the received message, sets a new
 * password (once; every old session signed out); the answer is the same for an unknown email; links
 * expire; requests for mail are throttled. Registration mails a verification link and the profile's
 * `email_verified` turns true only once it is used. Without SMTP_URL the messages land in DATA_DIR/outbox/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { hashAccountToken } from '../src/auth/account-tokens';
import { type CreatedUser, ENGINES, startTestServer, type TestServer } from './support/test-server';

const NEW_PASSWORD = 'Fresh@Pass9';
const NEUTRAL = { message: 'If an account exists for this email, a link to reset the password is on its way.' };
const INVALID_LINK = {
  message: 'This link is invalid or has expired. Please ask for a new one.',
  errors: [{ field: 'token', message: 'This link is invalid or has expired. Please ask for a new one.' }],
};
const TOO_MANY = { message: 'Too many email requests. Please try again later.' };

interface Received {
  to: string[];
  raw: string;
}

/** An SMTP server on a free port that keeps every message it receives. */
async function startMailbox() {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The messages to `email` so far. */
    to: (email: string) => received.filter((m) => m.to.includes(email.toLowerCase())),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

/** The message's text as written (quoted-printable soft breaks and escapes undone). */
const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The first link to `page` in a message. */
function linkIn(raw: string, page: 'reset-password' | 'verify-email'): URL {
  const match = new RegExp(`https?://[^\\s"<>]+/${page}\\?token=[A-Za-z0-9_-]+`).exec(decoded(raw));
  if (!match) throw new Error(`no ${page} link in:\n${raw}`);
  return new URL(match[0]);
}

describe.each(ENGINES)('account recovery and email verification (%s)', (engine) => {
  let server: TestServer;
  let mailbox: Mailbox;

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startTestServer(engine, { smtpUrl: mailbox.url, throttle: { emailRequestsPerAccount: 3 } });
  });
  afterAll(async () => {
    await server?.close();
    await mailbox?.close();
  });

  /** Asks for a reset link for `email` and returns the answer. */
  const forgot = (email: string) => server.post('/api/auth/forgot-password', { body: { email } });
  const reset = (token: string, password = NEW_PASSWORD) => server.post('/api/auth/reset-password', { body: { token, password } });

  /** The reset link mailed to `user` by the latest request (waits for the mail). */
  async function resetLinkFor(user: { email: string }, nth = 1): Promise<URL> {
    await server.mailSettled();
    const messages = mailbox.to(user.email);
    expect(messages).toHaveLength(nth);
    return linkIn(messages[nth - 1].raw, 'reset-password');
  }

  describe('forgot password', () => {
    it('mails a link to the site; the token from the received message sets a new password; the user signs in with it', async () => {
      const user = await server.createUser('normal_user');
      const answer = await forgot(user.email.toUpperCase());
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual(NEUTRAL);

      const link = await resetLinkFor(user);
      // Absolute, to where the server listens (no PUBLIC_URL given).
      expect(link.origin).toBe(server.baseUrl);
      expect(link.pathname).toBe('/reset-password');
      const message = decoded(mailbox.to(user.email)[0].raw);
      expect(message).toMatch(/Subject: Reset your Store Ratings password/);
      expect(message).toContain('within 30 minutes');

      const token = link.searchParams.get('token')!;
      // Only the token's SHA-256 is stored.
      const stored = await server.db
        .selectFrom('account_tokens')
        .select(['token_hash', 'purpose'])
        .where('user_id', '=', user.id)
        .execute();
      expect(stored).toEqual([{ token_hash: hashAccountToken(token), purpose: 'reset_password' }]);

      const done = await reset(token);
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ message: 'Your password has been reset. Please sign in with your new password.' });

      const old = await server.post('/api/auth/login', { body: { email: user.email, password: user.password, role: 'normal_user' } });
      expect(old.status).toBe(401);
      const fresh = await server.post('/api/auth/login', { body: { email: user.email, password: NEW_PASSWORD, role: 'normal_user' } });
      expect(fresh.status).toBe(200);
      expect(fresh.body.user).toMatchObject({ id: user.id, email_verified: false });
    });

    it('signs out every session of the user', async () => {
      const user = await server.createUser('store_owner');
      const second = await server.signIn(user.email, user.password, 'store_owner');
      await forgot(user.email);
      const link = await resetLinkFor(user);
      expect((await reset(link.searchParams.get('token')!)).status).toBe(200);
      for (const token of [user.token, second]) {
        const profile = await server.get('/api/auth/profile', { token });
        expect(profile.status).toBe(401);
      }
    });

    it('answers an unknown email exactly as a known one, and mails nothing', async () => {
      const known = await server.createUser('normal_user');
      const unknownEmail = `nobody.${engine}.${Date.now()}@test.example`;
      const [a, b] = await Promise.all([forgot(known.email), forgot(unknownEmail)]);
      expect(b.status).toBe(a.status);
      expect(b.text).toBe(a.text);
      expect(b.body).toEqual(NEUTRAL);
      await server.mailSettled();
      expect(mailbox.to(unknownEmail)).toHaveLength(0);
      expect(mailbox.to(known.email)).toHaveLength(1);
    });

    it('uses a link once: the second use is refused with the invalid-link message', async () => {
      const user = await server.createUser('normal_user');
      await forgot(user.email);
      const token = (await resetLinkFor(user)).searchParams.get('token')!;
      expect((await reset(token)).status).toBe(200);
      const again = await reset(token, 'Another@Pass1');
      expect(again.status).toBe(400);
      expect(again.body).toEqual(INVALID_LINK);
      expect(
        (await server.post('/api/auth/login', { body: { email: user.email, password: NEW_PASSWORD, role: 'normal_user' } })).status,
      ).toBe(200);
    });

    it("using one link voids the user's other reset links", async () => {
      const user = await server.createUser('normal_user');
      await forgot(user.email);
      const first = (await resetLinkFor(user, 1)).searchParams.get('token')!;
      await forgot(user.email);
      const second = (await resetLinkFor(user, 2)).searchParams.get('token')!;
      expect(first).not.toBe(second);
      expect((await reset(second)).status).toBe(200);
      expect((await reset(first, 'Another@Pass1')).body).toEqual(INVALID_LINK);
    });

    it('refuses an expired link (older than 30 minutes)', async () => {
      const user = await server.createUser('normal_user');
      await forgot(user.email);
      const token = (await resetLinkFor(user)).searchParams.get('token')!;
      const row = await server.db
        .selectFrom('account_tokens')
        .select(sql<number>`extract(epoch from expires_at - created_at)::int`.as('ttl'))
        .where('token_hash', '=', hashAccountToken(token))
        .executeTakeFirstOrThrow();
      expect(row.ttl).toBe(30 * 60);
      await server.db
        .updateTable('account_tokens')
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .where('token_hash', '=', hashAccountToken(token))
        .execute();
      const answer = await reset(token);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(INVALID_LINK);
      expect(
        (await server.post('/api/auth/login', { body: { email: user.email, password: user.password, role: 'normal_user' } })).status,
      ).toBe(200);
    });

    it.each([
      ['an unknown token', { token: 'A'.repeat(43), password: NEW_PASSWORD }, INVALID_LINK.message],
      ['a malformed token', { token: 'not a token', password: NEW_PASSWORD }, INVALID_LINK.message],
      ['no token', { password: NEW_PASSWORD }, INVALID_LINK.message],
    ])('refuses %s with 400', async (_, body, message) => {
      const answer = await server.post('/api/auth/reset-password', { body });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    });

    it.each([
      ['', 'Please fill in all fields'],
      ['short@A', 'Password does not meet requirements'],
      ['nouppercase@1', 'Password does not meet requirements'],
      ['NoSpecial123', 'Password does not meet requirements'],
      ['TooLong@Password123', 'Password does not meet requirements'],
    ])('holds the new password %p to the rule (%s) and keeps the link usable', async (password, message) => {
      const user = await server.createUser('normal_user');
      await forgot(user.email);
      const token = (await resetLinkFor(user)).searchParams.get('token')!;
      const refused = await reset(token, password);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
      expect((await reset(token)).status).toBe(200);
    });

    it.each([
      [{}, 'Please fill in all fields'],
      [{ email: '   ' }, 'Please fill in all fields'],
      [{ email: 'pаypal@example.com' }, 'Email must not contain invisible characters or mix alphabets'],
    ])('validates the email as the sign-in form does: %p → %s', async (body, message) => {
      const answer = await server.post('/api/auth/forgot-password', { body });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    });

    it('throttles requests for one email: past 3 in the window, 429 whether or not it has an account', async () => {
      const user = await server.createUser('normal_user');
      const unknownEmail = `throttled.${engine}.${Date.now()}@test.example`;
      for (const email of [user.email, unknownEmail]) {
        for (let i = 0; i < 3; i++) expect((await forgot(email)).status).toBe(202);
        const refused = await forgot(email);
        expect(refused.status).toBe(429);
        expect(refused.body).toEqual(TOO_MANY);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      await server.mailSettled();
      expect(mailbox.to(user.email)).toHaveLength(3);
    });
  });

  describe('email verification', () => {
    const register = async () => {
      const email = `new.${engine}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@test.example`;
      const answer = await server.post('/api/auth/register', {
        body: { name: 'Verification Tester Of The Site', email, address: '1 Mail Street, Pune', password: 'Secret@123' },
      });
      return { answer, email };
    };
    const profile = async (token: string) => (await server.get('/api/auth/profile', { token })).body.user;

    it('registration answers as before, mails a verification link, and the profile turns verified once it is used', async () => {
      const { answer, email } = await register();
      expect(answer.status).toBe(201);
      expect(answer.body.message).toBe('Registration successful');
      expect(answer.body.user).toMatchObject({ email, role: 'normal_user', email_verified: false });
      const token = answer.body.token as string;

      await server.mailSettled();
      const messages = mailbox.to(email);
      expect(messages).toHaveLength(1);
      expect(decoded(messages[0].raw)).toMatch(/Subject: Verify your Store Ratings email address/);
      const link = linkIn(messages[0].raw, 'verify-email');
      expect(link.origin).toBe(server.baseUrl);
      expect((await profile(token)).email_verified).toBe(false);

      const verified = await server.post('/api/auth/verify-email', { body: { token: link.searchParams.get('token') } });
      expect(verified.status).toBe(200);
      expect(verified.body).toEqual({ message: 'Your email address is verified.' });
      expect((await profile(token)).email_verified).toBe(true);
      // Single use.
      const again = await server.post('/api/auth/verify-email', { body: { token: link.searchParams.get('token') } });
      expect(again.status).toBe(400);
      expect(again.body).toEqual(INVALID_LINK);
      // Signed in again later: still verified.
      const login = await server.post('/api/auth/login', { body: { email, password: 'Secret@123', role: 'normal_user' } });
      expect(login.body.user.email_verified).toBe(true);
    });

    it('refuses an expired verification link (valid 24 hours)', async () => {
      const { answer, email } = await register();
      await server.mailSettled();
      const token = linkIn(mailbox.to(email)[0].raw, 'verify-email').searchParams.get('token')!;
      const row = await server.db
        .selectFrom('account_tokens')
        .select(sql<number>`extract(epoch from expires_at - created_at)::int`.as('ttl'))
        .where('token_hash', '=', hashAccountToken(token))
        .executeTakeFirstOrThrow();
      expect(row.ttl).toBe(24 * 60 * 60);
      await server.db
        .updateTable('account_tokens')
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .where('token_hash', '=', hashAccountToken(token))
        .execute();
      const refused = await server.post('/api/auth/verify-email', { body: { token } });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual(INVALID_LINK);
      expect((await profile(answer.body.token)).email_verified).toBe(false);
    });

    it('a reset link is no verification link, and a verification link no reset link', async () => {
      const { answer, email } = await register();
      await server.mailSettled();
      const verifyToken = linkIn(mailbox.to(email)[0].raw, 'verify-email').searchParams.get('token')!;
      expect((await reset(verifyToken)).body).toEqual(INVALID_LINK);
      await forgot(email);
      await server.mailSettled();
      const resetToken = linkIn(mailbox.to(email)[1].raw, 'reset-password').searchParams.get('token')!;
      expect((await server.post('/api/auth/verify-email', { body: { token: resetToken } })).body).toEqual(INVALID_LINK);
      expect((await profile(answer.body.token)).email_verified).toBe(false);
    });

    it('resend: a signed-in unverified user gets a new link (202); once verified, 409; throttled per user', async () => {
      const { answer, email } = await register();
      const token = answer.body.token as string;
      const resent = await server.post('/api/auth/resend-verification', { token });
      expect(resent.status).toBe(202);
      expect(resent.body).toEqual({ message: 'A new verification link is on its way. Please check your email.' });
      await server.mailSettled();
      const messages = mailbox.to(email);
      expect(messages).toHaveLength(2);
      // Both links work until one is used; the newest is used here.
      const link = linkIn(messages[1].raw, 'verify-email');
      expect((await server.post('/api/auth/verify-email', { body: { token: link.searchParams.get('token') } })).status).toBe(200);
      const older = linkIn(messages[0].raw, 'verify-email').searchParams.get('token');
      expect((await server.post('/api/auth/verify-email', { body: { token: older } })).status).toBe(400);

      const verified = await server.post('/api/auth/resend-verification', { token });
      expect(verified.status).toBe(409);
      expect(verified.body).toEqual({ message: 'Your email address is already verified.' });

      const other = await server.createUser('normal_user');
      for (let i = 0; i < 3; i++) expect((await server.post('/api/auth/resend-verification', { token: other.token })).status).toBe(202);
      const refused = await server.post('/api/auth/resend-verification', { token: other.token });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(TOO_MANY);
    });

    it('resend needs a signed-in user (401)', async () => {
      const answer = await server.post('/api/auth/resend-verification');
      expect(answer.status).toBe(401);
    });

    it('the admin user list does not grow a field (email_verified is the own account only)', async () => {
      const admin: CreatedUser = await server.createUser('system_admin');
      const list = await server.get('/api/admin/users?limit=1', { token: admin.token });
      expect(list.status).toBe(200);
      expect(Object.keys(list.body.users[0])).not.toContain('email_verified');
      expect((await profile(admin.token)).email_verified).toBe(false);
    });
  });
});

describe.each(ENGINES)('account mail without SMTP_URL: the outbox (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { publicUrl: 'https://ratings.example.com/', throttle: { emailRequestsPerAddress: 3 } });
  });
  afterAll(() => server?.close());

  const outbox = () => path.join(server.dataDir, 'outbox');
  const messages = () =>
    readdirSync(outbox())
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .map((name) => readFileSync(path.join(outbox(), name), 'utf8'));

  it('writes each message as an .eml file in DATA_DIR/outbox/, with links to PUBLIC_URL that work', async () => {
    const user = await server.createUser('normal_user');
    const answer = await server.post('/api/auth/forgot-password', { body: { email: user.email } });
    expect(answer.status).toBe(202);
    await server.mailSettled();
    const mine = messages().filter((raw) => decoded(raw).includes(`To: ${user.email}`));
    expect(mine).toHaveLength(1);
    const link = linkIn(mine[0], 'reset-password');
    expect(link.origin).toBe('https://ratings.example.com');
    const done = await server.post('/api/auth/reset-password', { body: { token: link.searchParams.get('token'), password: NEW_PASSWORD } });
    expect(done.status).toBe(200);
  });

  it('throttles requests from one address, whatever the email (429 past the limit)', async () => {
    // The first test made one request from this address.
    for (let i = 0; i < 2; i++) {
      expect((await server.post('/api/auth/forgot-password', { body: { email: `someone.${i}@test.example` } })).status).toBe(202);
    }
    const refused = await server.post('/api/auth/forgot-password', { body: { email: 'someone.else@test.example' } });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_MANY);
  });
});
