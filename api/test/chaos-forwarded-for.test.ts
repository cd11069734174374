/**
 * Who the client is, behind a load balancer: the sign-in throttle counts failures per client address,
 * and behind a proxy that address comes from X-Forwarded-For. A client may send that header itself;
 * the balancer appends the address it saw. TRUST_PROXY says how much of the header to believe (a hop
 * count, or the proxies' addresses), never all of it: an attacker who puts a new made-up address in
 * every request is still counted by the one the balancer appended. The built API, embedded database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from 'shared-contracts';
import { ConfigError, loadConfig } from '../src/config';
import { runApi, type RunningApi, startApi, stopApi } from './support/api-process';
import { requestFrom, type Timed } from './support/chaos';

const FAILURES_PER_ADDRESS = 10;
const GUESSES = 30;

/** A failed sign-in to a new made-up account, through the balancer (from 127.0.0.1) or straight from `from`. */
function guess(api: RunningApi, i: number, { from = '127.0.0.1', forwardedFor }: { from?: string; forwardedFor?: string }): Promise<Timed> {
  return requestFrom(from, 'POST', `${api.baseUrl}/api/auth/login`, {
    body: { email: `nobody.${i}@example.com`, password: 'Wrong@1234', role: 'normal_user' },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

/** The header as a balancer passes it on: what the client sent, then the address the balancer saw. */
const throughBalancer = (clientSent: string | undefined, clientAddress: string) =>
  clientSent ? `${clientSent}, ${clientAddress}` : clientAddress;

/** The built API with TRUST_PROXY=`trustProxy`, started before the suite's tests and stopped after them. */
function apiBehind(trustProxy: string, started: (api: RunningApi) => void): void {
  let api: RunningApi | undefined;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'chaos-forwarded-'));
    api = await startApi({
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      TRUST_PROXY: trustProxy,
      LOGIN_MAX_FAILURES_PER_ADDRESS: String(FAILURES_PER_ADDRESS),
    });
    started(api);
  }, 120_000);
  afterAll(async () => {
    if (api) await stopApi(api);
    rmSync(dataDir, { recursive: true, force: true });
  });
}

const attacker = '198.51.100.7';
const realUser = '198.51.100.8';
/** A made-up address the attacker puts first in X-Forwarded-For, new for every guess. */
const forged = (i: number) => `203.0.113.${i % 250}`;

describe.each([
  ['behind one balancer (TRUST_PROXY=1, one hop)', '1'],
  ["behind the balancer's address (TRUST_PROXY=127.0.0.1)", '127.0.0.1'],
  ['behind a private range (TRUST_PROXY=127.0.0.0/8)', '127.0.0.0/8'],
])('%s', (_label, trustProxy) => {
  let api: RunningApi;
  apiBehind(trustProxy, (started) => (api = started));

  it(`a client that forges a new X-Forwarded-For for each of ${GUESSES} failed sign-ins is throttled after ${FAILURES_PER_ADDRESS}, by the address the balancer saw`, async () => {
    const answers: Timed[] = [];
    for (let i = 0; i < GUESSES; i++) answers.push(await guess(api, i, { forwardedFor: throughBalancer(forged(i), attacker) }));
    expect(answers.map((a) => a.status)).toEqual([
      ...Array(FAILURES_PER_ADDRESS).fill(401),
      ...Array(GUESSES - FAILURES_PER_ADDRESS).fill(429),
    ]);
    expect(answers[FAILURES_PER_ADDRESS].body).toEqual({ message: MESSAGES.tooManyLoginAttempts });
  });

  it('another client behind the same balancer is told apart from it: not throttled', async () => {
    const answer = await guess(api, GUESSES + 1, { forwardedFor: throughBalancer(undefined, realUser) });
    expect(answer.status).toBe(401);
  });
});

describe('a client that reaches the API without the balancer (TRUST_PROXY=127.0.0.1, the client 127.0.0.5)', () => {
  let api: RunningApi;
  apiBehind('127.0.0.1', (started) => (api = started));

  it('is counted by its own address, whatever X-Forwarded-For it sends', async () => {
    const answers: Timed[] = [];
    for (let i = 0; i < GUESSES; i++)
      answers.push(await guess(api, i, { from: '127.0.0.5', forwardedFor: throughBalancer(forged(i), forged(i + 1)) }));
    expect(answers.map((a) => a.status)).toEqual([
      ...Array(FAILURES_PER_ADDRESS).fill(401),
      ...Array(GUESSES - FAILURES_PER_ADDRESS).fill(429),
    ]);
  });
});

describe('TRUST_PROXY', () => {
  it('=true (believe every proxy, so any client) is refused at start (exit 2), saying what to give instead', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'chaos-forwarded-'));
    try {
      const proc = runApi({ DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: 'true' });
      const exitCode = await Promise.race([proc.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 30_000))]);
      if (exitCode === 'still running') proc.child.kill('SIGKILL');
      expect(exitCode).toBe(2); // a configuration error (main.ts)
      expect(proc.output()).toMatch(/TRUST_PROXY=true would believe any X-Forwarded-For.*TRUST_PROXY=1 behind one load balancer/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['00', false],
    ['::ffff:10.0.0.1', ['::ffff:10.0.0.1']],
    ['::ffff:10.0.0.0/104', ['::ffff:10.0.0.0/104']],
    ['1', 1],
    [' 2 ', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.1, loopback, ::1, fd00::/8', ['10.0.0.0/8', '192.168.1.1', 'loopback', '::1', 'fd00::/8']],
  ])('%j is read as %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    'true',
    'TRUE',
    'yes',
    '11',
    '10.0.0.0/33',
    '10.0.0',
    'balancer.internal',
    '10.0.0.1,',
    'fd00::/129',
    '0.0.0.0/0',
    '::/0',
    '::ffff:10.0.0.0/8',
    '::ffff:0.0.0.0/96',
  ])('%j is refused', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});
