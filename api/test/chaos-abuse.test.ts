/**
 * Password guessing and lockouts against the built API, as an attacker and as the real users see
 * it: the password change is throttled like the sign-in, the hashing queue is bounded, a stranger
 * cannot lock a real user out, parallel correct sign-ins all get in, sign-out revokes one token, and
 * of several password changes at once one wins. Clients are told apart by their local address
 * (127.0.0.x). The embedded database, seeded with the demo accounts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { demoAccountFor, MESSAGES } from 'shared-contracts';
import { type RunningApi, startApi, stopApi } from './support/api-process';
import { CHAOS_ROUNDS, requestFrom, type Timed } from './support/chaos';

const FAILURES_PER_ACCOUNT = 5;
const HASH_QUEUE_MAX = 6;

describe('password guessing and lockouts (the built API)', () => {
  let api: RunningApi;
  let dataDir: string;
  let people = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'chaos-abuse-'));
    api = await startApi({
      DATA_DIR: dataDir,
      HASH_QUEUE_MAX: String(HASH_QUEUE_MAX),
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(FAILURES_PER_ACCOUNT),
      PASSWORD_MAX_FAILURES_PER_ACCOUNT: String(FAILURES_PER_ACCOUNT),
      REGISTER_MAX_PER_ADDRESS: '1000',
    });
  }, 120_000);

  afterAll(async () => {
    if (api) await stopApi(api);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (from: string, method: string, urlPath: string, options: { body?: unknown; token?: string } = {}) =>
    requestFrom(from, method, api.baseUrl + urlPath, options);
  const signIn = (from: string, email: string, password: string, role = 'normal_user') =>
    call(from, 'POST', '/api/auth/login', { body: { email, password, role } });
  const statuses = (answers: Timed[]) => answers.map((a) => a.status);
  const count = (answers: Timed[], status: number) => answers.filter((a) => a.status === status).length;

  /** A new customer, signed up through the API (retried while the bounded queue is full). */
  async function newCustomer(): Promise<{ email: string; password: string; token: string }> {
    const email = `abuse.${process.pid}.${++people}@example.com`;
    const password = 'Secret@123';
    for (;;) {
      const res = await call('127.0.0.1', 'POST', '/api/auth/register', {
        body: { name: 'Chaos Abuse Customer Name', email, address: '1 Test Road', password },
      });
      if (res.status === 201) return { email, password, token: res.body.token };
      if (res.status !== 503) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  for (let round = 1; round <= CHAOS_ROUNDS; round++) {
    // Each round's clients come from addresses of their own (127.<round>.0.<n>): no round inherits another's locks.
    const ip = (n: number) => `127.${round}.0.${n}`;
    it(`round ${round}: 120 wrong current passwords with one stolen token: ${FAILURES_PER_ACCOUNT} get 400, the rest 429 with Retry-After, and then the right one is refused too`, async () => {
      const victim = await newCustomer();
      const answers: Timed[] = [];
      for (let i = 0; i < 120; i++) {
        answers.push(
          await call(ip(2), 'PUT', '/api/auth/password', {
            token: victim.token,
            body: { currentPassword: `Wrong@${i}xyz`, newPassword: 'Stolen@1234' },
          }),
        );
      }
      expect(statuses(answers)).toEqual([...Array(FAILURES_PER_ACCOUNT).fill(400), ...Array(120 - FAILURES_PER_ACCOUNT).fill(429)]);
      expect(answers[FAILURES_PER_ACCOUNT].body).toEqual({ message: MESSAGES.tooManyPasswordAttempts });
      expect(Number(answers[FAILURES_PER_ACCOUNT].headers.get('retry-after'))).toBeGreaterThan(0);
      const right = await call(ip(2), 'PUT', '/api/auth/password', {
        token: victim.token,
        body: { currentPassword: victim.password, newPassword: 'Stolen@1234' },
      });
      expect(right.status).toBe(429);
      // The password did not change.
      expect((await signIn(ip(3), victim.email, victim.password)).status).toBe(200);
    });

    it(`round ${round}: 100 concurrent wrong current passwords from one account do not queue password work in front of another user's sign-in`, async () => {
      const guesser = await newCustomer();
      const owner = demoAccountFor('store_owner');
      const guesses = Array.from({ length: 100 }, (_, i) =>
        call(ip(4), 'PUT', '/api/auth/password', {
          token: guesser.token,
          body: { currentPassword: `Wrong@${i}xyz`, newPassword: 'Stolen@1234' },
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      const other = await signIn(ip(5), owner.email, owner.password, 'store_owner');
      const answers = await Promise.all(guesses);
      expect(other.status).toBe(200);
      // Five argon2 checks at most ran before it (once each: about 0.1 s here); it was 14 s unthrottled.
      expect(other.ms).toBeLessThan(3000);
      expect(count(answers, 400)).toBeLessThanOrEqual(FAILURES_PER_ACCOUNT);
      expect(count(answers, 400) + count(answers, 429) + count(answers, 503)).toBe(100);
    });

    it(`round ${round}: the password hashing queue is bounded: a burst of 40 sign-ups gets 201 or 503 with Retry-After (never a 500 or a long wait), and each refused one succeeds when retried`, async () => {
      const burst = Array.from({ length: 40 }, (_, i) => ({
        name: 'Chaos Burst Customer Name',
        email: `burst.${round}.${process.pid}.${i}@example.com`,
        address: '2 Burst Road',
        password: 'Secret@123',
      }));
      const answers = await Promise.all(burst.map((body, i) => call(`127.${round}.1.${i + 1}`, 'POST', '/api/auth/register', { body })));
      const busy = answers.filter((a) => a.status === 503);
      expect(count(answers, 201) + busy.length).toBe(40);
      expect(busy.length).toBeGreaterThan(0);
      for (const answer of busy) {
        expect(answer.body).toEqual({ message: MESSAGES.serverBusy });
        expect(answer.headers.get('retry-after')).toBe('1');
      }
      for (const [i, answer] of answers.entries()) {
        if (answer.status !== 503) continue;
        let retry = await call(`127.${round}.1.${i + 1}`, 'POST', '/api/auth/register', { body: burst[i] });
        while (retry.status === 503) retry = await call(`127.${round}.1.${i + 1}`, 'POST', '/api/auth/register', { body: burst[i] });
        expect(retry.status).toBe(201);
      }
    });

    it(`round ${round}: a stranger's wrong passwords lock only the stranger out: the real admin signs in from their own address`, async () => {
      const admin = demoAccountFor('system_admin');
      const attacker: Timed[] = [];
      for (let i = 0; i < FAILURES_PER_ACCOUNT + 5; i++) attacker.push(await signIn(ip(6), admin.email, `Guess@${i}xyz`, 'system_admin'));
      expect(statuses(attacker)).toEqual([...Array(FAILURES_PER_ACCOUNT).fill(401), ...Array(5).fill(429)]);
      // The right password from the attacker's address is refused while the lock lasts…
      expect((await signIn(ip(6), admin.email, admin.password, 'system_admin')).status).toBe(429);
      // …but the admin, from their own address, is not locked out.
      expect((await signIn(ip(7), admin.email, admin.password, 'system_admin')).status).toBe(200);
    });

    it(`round ${round}: ten correct sign-ins to one account at once all get in (attempts being checked are not failures)`, async () => {
      const person = await newCustomer();
      const answers = await Promise.all(Array.from({ length: 10 }, () => signIn(ip(8), person.email, person.password)));
      expect(statuses(answers)).toEqual(Array(10).fill(200));
    });

    it(`round ${round}: twelve wrong guesses at once: exactly ${FAILURES_PER_ACCOUNT} are checked, none slips past the limit`, async () => {
      const person = await newCustomer();
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(ip(9), person.email, `Guess@${i}xyz`)));
      expect(count(answers, 401)).toBe(FAILURES_PER_ACCOUNT);
      expect(count(answers, 429)).toBe(12 - FAILURES_PER_ACCOUNT);
    });

    it(`round ${round}: signing out revokes that token only: it is refused for reads and writes, the user's other device goes on`, async () => {
      const person = await newCustomer();
      const laptop = (await signIn(ip(10), person.email, person.password)).body.token as string;
      const phone = (await signIn(ip(11), person.email, person.password)).body.token as string;
      const out = await call(ip(10), 'POST', '/api/auth/logout', { token: laptop });
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ message: MESSAGES.loggedOut });
      expect((await call(ip(10), 'GET', '/api/auth/profile', { token: laptop })).status).toBe(401);
      expect(
        (await call(ip(10), 'PUT', '/api/auth/profile', { token: laptop, body: { name: 'Signed Out Person Name', address: 'x' } })).status,
      ).toBe(401);
      expect((await call(ip(10), 'POST', '/api/auth/logout', { token: laptop })).status).toBe(401);
      expect((await call(ip(11), 'GET', '/api/auth/profile', { token: phone })).status).toBe(200);
      expect((await call(ip(1), 'GET', '/api/auth/profile', { token: person.token })).status).toBe(200);
    });

    it(`round ${round}: five password changes at once with one token: one answers 200, four 401 (their tokens are dead), and the winner's new password is the one that works`, async () => {
      const person = await newCustomer();
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          call(ip(12), 'PUT', '/api/auth/password', {
            token: person.token,
            body: { currentPassword: person.password, newPassword: `Changed@${i}abc` },
          }),
        ),
      );
      expect(count(answers, 200)).toBe(1);
      expect(count(answers, 401)).toBe(4);
      const winner = answers.findIndex((a) => a.status === 200);
      expect((await call(ip(12), 'GET', '/api/auth/profile', { token: answers[winner].body.token })).status).toBe(200);
      expect((await call(ip(12), 'GET', '/api/auth/profile', { token: person.token })).status).toBe(401);
      expect((await signIn(ip(12), person.email, `Changed@${winner}abc`)).status).toBe(200);
    });
  }
});
