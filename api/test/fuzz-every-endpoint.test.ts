/**
 * Hostile input, generated (issue 7, part 1; DESIGN.md §7 "No input, however malformed, produces a
 * 500", §9). Every endpoint of the contract gets one fast-check property that generates whole
 * requests, sent by a caller who is allowed to call the endpoint (so the input reaches validation,
 * not only the 401/403 guards):
 *
 * - the path id: the fixture's own id (or a related one), small, zero, negative and huge integers,
 *   numbers in other notations, random and unicode text, NUL, SQL and HTML, percent-encoded junk;
 * - the query string: page/limit/sortBy/sortOrder/search/role/… near their limits and beyond,
 *   junk, duplicated and unknown keys, unencoded text;
 * - the body (POST/PUT/DELETE; fetch cannot send one with GET): a valid body mutated (fields
 *   removed, added, duplicated, or replaced by near-valid values, wrong types, nulls, arrays,
 *   objects, empty/huge/unicode/NUL/SQL/HTML strings, numbers out of range or in odd notations),
 *   any JSON value, malformed JSON text, or a wrong content type.
 *
 * Path parameters that are names (the app and command of the deployments commands) get one of their
 * valid names, or the same odd text as the ids.
 *
 * Property of every answer: never a 5xx; JSON (or no content with a 204); a 4xx is an object with a non-empty string
 * `message` (and `errors` of {field, message} at most) that shows nothing of the server's insides;
 * input that is certainly invalid (a malformed id, malformed JSON, a body that is not JSON, a
 * missing required field, a bad page/limit/sort) gets a 4xx; and after any 4xx every row of every
 * table of the schema (users, stores, ratings, and the kept counters row_counts, row_totals,
 * store_months) is exactly as before. A 2xx is fine where the input happens to be valid. The
 * fixture is checked before each case and rebuilt when a 2xx changed it (a deleted store, a
 * changed role or password), so a valid id keeps reaching a real row.
 *
 * Environment:
 * - FUZZ_RUNS: generated requests per endpoint and engine (default DEFAULT_FUZZ_RUNS, "a few hundred");
 * - FUZZ_SEED: the fast-check seed; with it set every endpoint uses that seed. A failure reports its
 *   seed (and fast-check path), the shrunk case, the request sent and the answer received, and the
 *   command that replays it.
 * e.g. from api/: `FUZZ_RUNS=2000 FUZZ_SEED=42 npm test -- test/fuzz-every-endpoint.test.ts -t 'POST /api/admin/stores'`
 * (npm test sets the NODE_OPTIONS PGlite needs under jest). TEST_DATABASE_URL adds the PostgreSQL run.
 */
import net from 'node:net';
import fc from 'fast-check';
import { sql } from 'kysely';
import {
  ADMIN_STORE_SORT_FIELDS,
  ADMIN_USER_SORT_FIELDS,
  ADMIN_USERS_MAX_LIMIT,
  MAX_ID,
  MAX_LIST_LIMIT,
  MAX_PAGE,
  MODERATION_STATUSES,
  MY_RATINGS_SORT_FIELDS,
  OWNER_RATING_SORT_FIELDS,
  STORE_RATINGS_SORT_FIELDS,
  DEPLOYABLE_APPS,
  DEPLOYMENT_COMMANDS,
  REMOTE_HEALTH_MAX_EVENTS,
  REMOTE_HEALTH_MAX_RENDER_MS,
  REPORT_REASONS,
  REPORT_TARGETS,
  ROLES,
  STORE_CATEGORIES,
  STORE_SORT_FIELDS,
  emailKey,
} from 'shared-contracts';
import { signToken } from '../src/auth/tokens';
import {
  type CreatedUser,
  ENGINES,
  type HttpResult,
  type RequestOptions,
  startTestServer,
  TEST_JWT_SECRET,
  type TestServer,
} from './support/test-server';

/** Generated requests per endpoint when FUZZ_RUNS is not set. */
const DEFAULT_FUZZ_RUNS = 200;

function runsFromEnv(): number {
  const text = process.env.FUZZ_RUNS;
  if (text === undefined || text === '') return DEFAULT_FUZZ_RUNS;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`FUZZ_RUNS must be a positive whole number, not ${JSON.stringify(text)}`);
  return n;
}

function seedFromEnv(): number | undefined {
  const text = process.env.FUZZ_SEED;
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  if (!Number.isInteger(n)) throw new Error(`FUZZ_SEED must be a whole number, not ${JSON.stringify(text)}`);
  return n;
}

const FUZZ_RUNS = runsFromEnv();
const FUZZ_SEED = seedFromEnv();
/** Per endpoint: the argon2 endpoints take up to ~0.1 s a request on a busy machine, shrinking a failure more. */
const TIMEOUT_MS = Math.max(120_000, FUZZ_RUNS * 600);

// ---------- odd text ----------

const NUL = '\u0000';
const EMOJI = '😀👩🏽‍💻🇮🇳';
const RTL = 'مرحبا بالعالم שלום';
const ZERO_WIDTH = '\u200B\u200C\u200D\u2060\uFEFF';
const ODD_TEXT = `Zoë ${EMOJI} ${RTL} \u200F${ZERO_WIDTH} e\u0301`;
const SQL_TEXT = "Robert'); DROP TABLE users; -- ' OR 1=1 --";
const HTML_TEXT = '<script>alert("x")</script><img src=x onerror=alert(1)>';
const LENGTHS = [1, 2, 3, 19, 20, 21, 59, 60, 61, 99, 100, 101, 128, 129, 254, 255, 399, 400, 401, 499, 500, 501, 1_000, 10_000, 70_000];

/** `n` characters of plain text. */
const letters = (n: number) => 'Abcdefghij'.repeat(Math.ceil(n / 10)).slice(0, n);

const SPECIAL_TEXT = [
  '',
  ' ',
  '   \t\n ',
  ODD_TEXT,
  EMOJI,
  RTL,
  ZERO_WIDTH,
  '\u202Eevil\u202C',
  `a${NUL}b`,
  NUL,
  SQL_TEXT,
  "' OR '1'='1",
  '1; DROP TABLE stores; --',
  "'); SELECT pg_sleep(10); --",
  HTML_TEXT,
  '"><svg onload=alert(1)>',
  '\\',
  '%_%',
  '\u001f',
  '\u2028\u2029',
  '\ud800',
  '\udfff\ud800',
  'null',
  'undefined',
  'NaN',
  '{}',
  '[]',
  '__proto__',
  '../../etc/passwd',
  'e\u0301'.repeat(30),
];

// ---------- the world every case runs against ----------

type Who = 'anonymous' | 'customer' | 'owner' | 'admin';

interface World {
  admin: CreatedUser;
  /** Author of `rating`. */
  customer: CreatedUser;
  /** Author of `otherRating`. */
  otherCustomer: CreatedUser;
  /** Owns `store` and `spareStore`. */
  owner: CreatedUser;
  /** A customer for the admin user endpoints to work on. */
  target: CreatedUser;
  store: number;
  spareStore: number;
  /** The customer's rating of `store`. */
  rating: number;
  /** The other customer's rating of `store`. */
  otherRating: number;
  /** The customer's notification of the owner's reply to `rating`. */
  notification: number;
  /** What `worldState` read right after building it; any other value means a 2xx changed the world. */
  fingerprint: string;
}

type Ref =
  | 'ownerId'
  | 'ownerIdText'
  | 'ownerIdPadded'
  | 'customerId'
  | 'adminId'
  | 'targetId'
  | 'myEmail'
  | 'myEmailShouting'
  | 'myEmailPadded'
  | 'customerEmail'
  | 'targetEmail'
  | 'ownerEmail'
  | 'freshEmail'
  | 'myPassword'
  | 'myPasswordPadded'
  | 'storeId'
  | 'spareStoreId';

interface RenderContext {
  world: World;
  /** The caller, or for the anonymous endpoints (sign-in) the account the body is about. */
  me: CreatedUser;
  fresh: () => string;
}

function resolveRef(ref: Ref, { world, me, fresh }: RenderContext): unknown {
  switch (ref) {
    case 'ownerId':
      return world.owner.id;
    case 'ownerIdText':
      return String(world.owner.id);
    case 'ownerIdPadded':
      return ` ${world.owner.id} `;
    case 'customerId':
      return world.customer.id;
    case 'adminId':
      return world.admin.id;
    case 'targetId':
      return world.target.id;
    case 'myEmail':
      return me.email;
    case 'myEmailShouting':
      return me.email.toUpperCase();
    case 'myEmailPadded':
      return `  ${me.email}  `;
    case 'customerEmail':
      return world.customer.email;
    case 'targetEmail':
      return world.target.email;
    case 'ownerEmail':
      return world.owner.email;
    case 'freshEmail':
      return fresh();
    case 'myPassword':
      return me.password;
    case 'myPasswordPadded':
      return ` ${me.password} `;
    case 'storeId':
      return world.store;
    case 'spareStoreId':
      return world.spareStore;
  }
}

// ---------- values ----------

/** A value in a JSON body: a JSON value, raw JSON text (odd number notations, escapes), or a fixture value. */
type Val = { json: unknown } | { raw: string } | { ref: Ref };
const j = (json: unknown): Val => ({ json });
const raw = (text: string): Val => ({ raw: text });
const ref = (r: Ref): Val => ({ ref: r });

function valText(v: Val, ctx: RenderContext): string {
  if ('raw' in v) return v.raw;
  const value = 'ref' in v ? resolveRef(v.ref, ctx) : v.json;
  return JSON.stringify(value) ?? 'null';
}

const deepObject = (depth: number): unknown => (depth === 0 ? 1 : { a: deepObject(depth - 1) });

const WRONG_TYPES: Val[] = [
  j(null),
  j(true),
  j(false),
  j(0),
  j(-1),
  j(1),
  j(1.5),
  j(-0.5),
  j(2_147_483_648),
  j(Number.MAX_SAFE_INTEGER),
  j(1e308),
  j(-1e308),
  j([]),
  j(['a']),
  j([1, 2]),
  j({}),
  j({ $ne: null }),
  j({ toString: 'x', valueOf: 1 }),
  j(deepObject(60)),
  raw('['.repeat(10_000) + ']'.repeat(10_000)),
  raw('1e309'),
  raw('-1e309'),
  raw('-0'),
  raw('4.0'),
  raw('5e0'),
  raw('1E0'),
  raw('1e-400'),
  raw('123456789012345678901234567890'),
  raw('"\\u0000"'),
  raw('"\\ud800"'),
  raw('"\\udfff\\ud800"'),
];

const anyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_TEXT) },
  { weight: 2, arbitrary: fc.constantFrom(...LENGTHS).map(letters) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...LENGTHS), fc.constantFrom(' ', '  ', '\t', '\n')).map(([n, pad]) => `${pad}${letters(n)}${pad}`),
  },
  { weight: 1, arbitrary: fc.constantFrom(3, 20, 60, 61, 100, 101, 500, 501).map((n) => '😀'.repeat(n)) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
);

const junkValue: fc.Arbitrary<Val> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  { weight: 3, arbitrary: anyText.map(j) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map(j) },
  { weight: 1, arbitrary: fc.integer().map(j) },
  { weight: 1, arbitrary: fc.double().map(j) },
);

type FieldKind =
  | 'personName'
  | 'storeName'
  | 'email'
  | 'storeEmail'
  | 'address'
  | 'newPassword'
  | 'password'
  | 'role'
  | 'rating'
  | 'comment'
  | 'ownerId'
  | 'phone'
  | 'category'
  | 'city'
  | 'healthEvents'
  /** The token of a mailed link (password reset, email verification). */
  | 'linkToken'
  /** Why a rating or reply is reported (REPORT_REASONS), and which of the two. */
  | 'reportReason'
  | 'reportTarget';

const texts = (...values: string[]) => values.map(j);

/** Per kind of field: values at and just past its limits, and the fixture's own values where they matter. */
const NEAR: Record<FieldKind, Val[]> = {
  personName: texts(
    letters(20),
    letters(60),
    letters(19),
    letters(61),
    ` ${letters(19)} `,
    `  ${letters(20)}  `,
    `${letters(10)}${NUL}${letters(10)}`,
    ODD_TEXT,
    '😀'.repeat(20),
    '😀'.repeat(61),
    SQL_TEXT,
    HTML_TEXT,
    `${ZERO_WIDTH.repeat(4)}`,
  ),
  storeName: texts(
    letters(3),
    letters(2),
    letters(100),
    letters(101),
    ' ab ',
    `ab${NUL}c`,
    SQL_TEXT,
    HTML_TEXT,
    ODD_TEXT,
    '😀😀😀',
    '😀😀',
  ),
  email: [
    ref('freshEmail'),
    ref('myEmail'),
    ref('myEmailShouting'),
    ref('myEmailPadded'),
    ref('customerEmail'),
    ref('targetEmail'),
    ref('ownerEmail'),
    ...texts(
      'a@b.co',
      'no-at-sign',
      'a@b',
      '@b.co',
      'a@',
      'a@@b.co',
      'a b@c.co',
      `${'x'.repeat(241)}@test.example`,
      `${'x'.repeat(242)}@test.example`,
      `a@b.co${NUL}`,
      'ü@ß.de',
      "o'brien+tag@test.example",
      '<script>@x.co',
      "a'--@b.co",
    ),
  ],
  storeEmail: texts('shop@test.example', '', '   ', 'not-an-email', `${'x'.repeat(242)}@test.example`, `a@b.co${NUL}`).concat([
    j(null),
    j(5),
  ]),
  address: texts(
    '',
    ' ',
    '1 Road',
    letters(400),
    letters(401),
    ` ${letters(400)} `,
    ODD_TEXT,
    SQL_TEXT,
    HTML_TEXT,
    `1 Road${NUL}`,
    '\u2028',
  ),
  newPassword: [
    ref('myPassword'),
    ...texts(
      'Secret@123',
      'Abcdefg!',
      'Abcdefghijklmn!@',
      'Abcdefghijklmno!@',
      'Abc!',
      'secret@123',
      'SECRET@123',
      'Secret123',
      'Sécret@😀12',
      `Secret@1${NUL}`,
      '        ',
      ' Secret@123 ',
    ),
  ],
  password: [
    ref('myPassword'),
    ref('myPasswordPadded'),
    ...texts('Wrong@123', '', ' ', letters(128), letters(129), NUL, `Secret@123${NUL}`),
  ],
  role: texts(...ROLES, 'admin', 'NORMAL_USER', ' normal_user', 'normal_user ', '', `system_admin${NUL}`, 'store owner', 'root'),
  rating: [
    ...[1, 2, 3, 4, 5, 0, 6, -1, 4.5, 2_147_483_648].map(j),
    ...texts('4', ' 4', 'four'),
    raw('4.0'),
    raw('5e0'),
    raw('1e309'),
    raw('-0'),
    j(null),
    j(true),
    j([4]),
    j({ value: 4 }),
  ],
  city: [
    j(null),
    ...texts('', '   ', 'Bengaluru', letters(100), letters(101), ` ${letters(100)} `, ODD_TEXT, SQL_TEXT, `bad${NUL}`),
    j(5),
    j(['x']),
  ],
  comment: [
    j(null),
    ...texts(
      '',
      '   ',
      'Good',
      letters(500),
      letters(501),
      ` ${letters(500)} `,
      '😀'.repeat(250),
      '😀'.repeat(501),
      ODD_TEXT,
      `${SQL_TEXT} ${HTML_TEXT}`,
      `bad${NUL}`,
    ),
    j(5),
    j(['x']),
  ],
  ownerId: [
    ref('ownerId'),
    ref('ownerIdText'),
    ref('ownerIdPadded'),
    ref('customerId'),
    ref('adminId'),
    ref('targetId'),
    ...[0, -1, 1.5, MAX_ID, MAX_ID + 1].map(j),
    ...texts('1e3', '0x10', '', ' ', '01'),
    j(null),
    j(true),
    raw('1e309'),
  ],
  phone: [
    ...texts('+1 555 0100', '', '   ', 'abc', '1'.repeat(20), '1'.repeat(21), '+91 80 1234 5678', '(555) 010-0100', `555${NUL}55`, '٣٣٣٣٣'),
    j(null),
    j(12345),
  ],
  category: [...texts(...STORE_CATEGORIES, 'grocery', 'Other ', '', 'Books', `Grocery${NUL}`), j(null)],
  healthEvents: healthEventLists(),
  reportReason: [...texts(...REPORT_REASONS, 'SPAM', 'spam ', '', 'boring', `spam${NUL}`, '__proto__'), j(null), j(1)],
  reportTarget: [...texts(...REPORT_TARGETS, 'Rating', 'store', '', 'reply ', `reply${NUL}`), j(null), j(0)],
  linkToken: [
    ...texts(
      'A'.repeat(43),
      'A'.repeat(19),
      'A'.repeat(20),
      'A'.repeat(100),
      'A'.repeat(101),
      '',
      ' ',
      'a b',
      `${'A'.repeat(42)}${NUL}`,
      ODD_TEXT,
    ),
    j(null),
    j(12345),
  ],
};

/** A health report's events: valid ones (of known and unknown versions), at and past the limits, and broken ones. */
function healthEventLists(): Val[] {
  const load = { app: 'shell', version: 'dist', kind: 'load', renderMs: 120 };
  const broken = (change: Record<string, unknown>) => [{ ...load, ...change }];
  return [
    j([load]),
    j([
      load,
      { app: 'mf_stores', version: 'dist', kind: 'load_failure', reason: 'timeout' },
      { app: 'mf_auth', version: 'dist', kind: 'render_error' },
    ]),
    j([{ app: 'mf_stores', version: 'never-published', kind: 'load' }]),
    j(Array(REMOTE_HEALTH_MAX_EVENTS).fill(load)),
    j(Array(REMOTE_HEALTH_MAX_EVENTS + 1).fill(load)),
    j([]),
    j([null]),
    j(['load']),
    j([{ app: 'shell' }]),
    j(broken({ app: 'mf_nope' })),
    j(broken({ app: 'mf-stores' })),
    j(broken({ kind: 'crash' })),
    j(broken({ renderMs: -1 })),
    j(broken({ renderMs: 1.5 })),
    j(broken({ renderMs: REMOTE_HEALTH_MAX_RENDER_MS })),
    j(broken({ renderMs: REMOTE_HEALTH_MAX_RENDER_MS + 1 })),
    j(broken({ renderMs: '120' })),
    j(broken({ version: '' })),
    j(broken({ version: 'v'.repeat(64) })),
    j(broken({ version: 'v'.repeat(65) })),
    j(broken({ version: '../dist' })),
    j(broken({ version: `dist${NUL}` })),
    j(broken({ kind: 'load_failure', reason: 'gremlins' })),
    j(broken({ user: 'someone' })),
    raw('[{"app":"shell","version":"dist","kind":"load","renderMs":1e2}]'),
    raw('[{"app":"shell","version":"dist","kind":"load","renderMs":1e400}]'),
  ];
}

const valueFor = (kind: FieldKind): fc.Arbitrary<Val> =>
  fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...NEAR[kind]) }, { weight: 1, arbitrary: junkValue });

// ---------- query strings ----------

type QueryKey =
  | 'page'
  | 'limit'
  | 'sortBy'
  | 'sortOrder'
  | 'search'
  | 'role'
  | 'category'
  | 'minRating'
  | 'unrated'
  | 'storeId'
  | 'stars'
  | 'withComment'
  | 'city'
  | 'before'
  | 'status';
type QVal = { text: string } | { ref: Ref };
const q = (...values: string[]): QVal[] => values.map((text) => ({ text }));

const ALL_SORT_FIELDS = [
  ...new Set<string>([
    ...STORE_SORT_FIELDS,
    ...ADMIN_USER_SORT_FIELDS,
    ...ADMIN_STORE_SORT_FIELDS,
    ...MY_RATINGS_SORT_FIELDS,
    ...OWNER_RATING_SORT_FIELDS,
    ...STORE_RATINGS_SORT_FIELDS,
  ]),
];

const QUERY_NEAR: Record<QueryKey, QVal[]> = {
  page: q(
    '1',
    '2',
    '0',
    '-1',
    '100',
    '101',
    '1000',
    String(MAX_PAGE),
    String(MAX_PAGE + 1),
    '9999999999',
    '99999999999',
    '1.5',
    '1e2',
    '0x10',
    '',
    ' 1',
    '01',
    '٣',
    '１',
    `1${NUL}`,
  ),
  limit: q('1', '10', '12', '50', '100', '101', '999', '1000', '1001', '0', '-1', '', '1e2', '1.0', ' 10', '9999999999'),
  sortBy: q(...ALL_SORT_FIELDS, 'NAME', 'id', '', 'rating; DROP TABLE users', '__proto__', 'toString', 'constructor', 'name desc'),
  sortOrder: q('asc', 'desc', 'ASC', 'Desc', '', 'asc;', 'sideways', `asc${NUL}`),
  search: q(
    '',
    ' ',
    'store',
    'Test',
    SQL_TEXT,
    HTML_TEXT,
    ODD_TEXT,
    '%',
    '_',
    '\\',
    '\u001f',
    NUL,
    `a${NUL}`,
    letters(100),
    letters(101),
    ` ${letters(100)} `,
    letters(10_000),
  ),
  role: q(...ROLES, 'admin', 'NORMAL_USER', '', 'normal_user,store_owner'),
  category: q(...STORE_CATEGORIES, 'grocery', '', 'Books'),
  minRating: q('0', '5', '4.5', '3.1234', '3.12345', '5.0001', '-1', 'abc', '', '1e0', '05', '4.'),
  unrated: q('true', 'false', 'TRUE', '1', '', 'yes'),
  stars: q('1', '3', '5', '0', '6', '-1', '4.0', '2.5', '', ' 3', '03', 'five', `3${NUL}`),
  withComment: q('true', 'false', 'TRUE', '1', '', 'yes'),
  status: q(...MODERATION_STATUSES, 'OPEN', 'closed', '', ' open', `open${NUL}`),
  before: q('1', '20', '0', '-1', '1e3', '2147483648', String(MAX_ID), 'abc', '', ' 5', '05', `5${NUL}`),
  city: q('Bengaluru', 'bengaluru', 'Old Town', '', ' ', '%', '_', letters(100), letters(101), SQL_TEXT, `a${NUL}`),
  storeId: [{ ref: 'storeId' }, { ref: 'spareStoreId' }, ...q('0', '-1', '1e3', '2147483648', String(MAX_ID), 'abc', '')],
};

const UNKNOWN_KEYS = [
  'foo',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'page[]',
  'page[a]',
  'a[b][c]',
  '',
  NUL,
  'PAGE',
  'Limit',
  'sort_by',
  'id',
  'token',
];

interface QueryPair {
  key: string;
  value: QVal;
  /** encoded: both encoded; raw: sent as is (the client percent-encodes what it must); bare: the key alone. */
  mode: 'encoded' | 'raw' | 'bare';
}

const anyQueryText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...SPECIAL_TEXT),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '&', '=', '==', '#', '+', '%2B', '%26page%3D0'),
);

function queryPairs(keys: QueryKey[]): fc.Arbitrary<QueryPair[]> {
  const known = keys.map((key) =>
    fc.record({
      key: fc.constant<string>(key),
      value: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...QUERY_NEAR[key]) },
        { weight: 1, arbitrary: anyQueryText.map((text): QVal => ({ text })) },
      ),
      mode: fc.constantFrom<QueryPair['mode']>('encoded', 'encoded', 'encoded', 'encoded', 'raw', 'bare'),
    }),
  );
  // Every endpoint also gets the keys it does not read, the list keys included.
  const ignored = fc.record({
    key: fc.oneof(fc.constantFrom(...UNKNOWN_KEYS, 'page', 'limit', 'sortBy', 'search'), fc.string({ maxLength: 8 })),
    value: anyQueryText.map((text): QVal => ({ text })),
    mode: fc.constantFrom<QueryPair['mode']>('encoded', 'raw', 'bare'),
  });
  const pair = known.length === 0 ? ignored : fc.oneof({ weight: 5, arbitrary: fc.oneof(...known) }, { weight: 1, arbitrary: ignored });
  return fc.array(pair, { maxLength: known.length === 0 ? 3 : 5 });
}

// ---------- path ids ----------

type IdSpec = { fixture: number } | { text: string };

const ID_TEXT = [
  '0',
  '-1',
  '00',
  '01',
  '1.0',
  '1.5',
  '+1',
  '-0',
  '1e3',
  '0x10',
  '0b1',
  String(MAX_ID),
  String(MAX_ID + 1),
  '4294967296',
  '9007199254740993',
  '99999999999',
  '1'.repeat(300),
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '%7B%7D',
  '%00',
  '1%00',
  '%201',
  '1%20',
  '%091',
  '%E2%80%8B1',
  '%EF%BC%91',
  '%D9%A3',
  '%31',
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%2F',
  '1%2F2',
  '%2e%2e',
  '..',
  '.',
  '1;2',
  '1,2',
  '1?x=1',
  '1#x',
  '1/',
  '1/2',
];

const pathId = (fixtures: number): fc.Arbitrary<IdSpec> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.nat({ max: fixtures - 1 }).map((fixture): IdSpec => ({ fixture })) },
    { weight: 1, arbitrary: fc.integer({ min: -5, max: 40 }).map((n): IdSpec => ({ text: String(n) })) },
    { weight: 1, arbitrary: fc.integer().map((n): IdSpec => ({ text: String(n) })) },
    { weight: 2, arbitrary: fc.constantFrom(...ID_TEXT).map((text): IdSpec => ({ text })) },
    { weight: 1, arbitrary: fc.constantFrom(...SPECIAL_TEXT).map((text): IdSpec => ({ text: encode(text) })) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map((text): IdSpec => ({ text: encode(text) })) },
  );

/** encodeURIComponent that does not throw on a lone surrogate (it becomes U+FFFD, as a client would send it). */
function encode(text: string): string {
  return encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
}

// ---------- bodies ----------

interface Field {
  name: string;
  kind: FieldKind;
  /** Leaving it out is a 400. */
  required: boolean;
}

type Op =
  | { op: 'remove'; name: string }
  | { op: 'set'; name: string; value: Val }
  | { op: 'add'; name: string; value: Val }
  | { op: 'duplicate'; name: string; value: Val };

type BodySpec =
  | { kind: 'none' }
  | { kind: 'mutated'; ops: Op[]; contentType: string }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'broken'; at: number; junk: string }
  | { kind: 'wrongType'; contentType: string; payload: 'valid' | 'form' | 'text' };

/** Content types a JSON body may come with. */
const JSON_TYPES = [
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json;charset=UTF-8',
];
const OTHER_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'text/html',
  'application/octet-stream',
  'application/vnd.api+json',
  'application/json-patch+json',
  'application/jsonx',
  'text/json',
  'json',
  '*/*',
  'application/*',
  '',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;;',
  'application/json, text/plain',
];

const EXTRA_KEYS = [
  'role',
  'id',
  'user_id',
  'owner_id',
  'store_id',
  'token_version',
  'password_hash',
  'created_at',
  'rating_count',
  'average_rating',
  'isAdmin',
  '__proto__',
  'constructor',
  'prototype',
  '',
  NUL,
  'email ',
  'Name',
];

const MALFORMED = [
  '',
  ' ',
  '\n',
  '{',
  '}',
  '{"a":',
  "{'a': 1}",
  '{"a": 1,}',
  '{a: 1}',
  'NaN',
  'undefined',
  '{}{}',
  '{} []',
  NUL,
  '\ufeff{}',
  '[',
  '"',
  '{"a": "\\x41"}',
  '{"a": "\u0001"}',
  '{"__proto__": {"role": "system_admin"}}',
  '{"constructor": {"prototype": {"role": "system_admin"}}}',
  '{"a": 1} // comment',
  '/* c */ {}',
  '[]',
  'null',
  'true',
  '0',
  '"text"',
  '['.repeat(20_000) + ']'.repeat(20_000),
  `{"a":"${'x'.repeat(70_000)}`,
];

function bodySpec(fields: Field[] | undefined): fc.Arbitrary<BodySpec> {
  const names = (fields ?? []).map((f) => f.name);
  const setOps = (fields ?? []).map((f) =>
    fc.record({ op: fc.constant<'set'>('set'), name: fc.constant(f.name), value: valueFor(f.kind) }),
  );
  const opArbs: Array<fc.WeightedArbitrary<Op>> = [
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant<'add'>('add'),
        name: fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 10 })),
        value: junkValue,
      }),
    },
  ];
  if (fields && fields.length > 0) {
    // Mostly a near-valid value in one of its own fields, so that validation goes past the first field.
    opArbs.push(
      { weight: 7, arbitrary: fc.oneof(...setOps) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant<'set'>('set'), name: fc.constantFrom(...names), value: junkValue }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant<'remove'>('remove'), name: fc.constantFrom(...names) }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant<'duplicate'>('duplicate'), name: fc.constantFrom(...names), value: junkValue }) },
    );
  }
  const op = fc.oneof(...opArbs);
  const mutated = fc.record({
    kind: fc.constant<'mutated'>('mutated'),
    // Mostly one change to the valid body; sometimes none (a valid body), two or three.
    ops: fc.oneof(
      { weight: 1, arbitrary: fc.constant<Op[]>([]) },
      { weight: 4, arbitrary: fc.array(op, { minLength: 1, maxLength: 1 }) },
      { weight: 2, arbitrary: fc.array(op, { minLength: 2, maxLength: 2 }) },
      { weight: 1, arbitrary: fc.array(op, { minLength: 3, maxLength: 3 }) },
    ),
    contentType: fc.constantFrom(...JSON_TYPES),
  });
  const others: Array<fc.WeightedArbitrary<BodySpec>> = [
    { weight: 1, arbitrary: fc.record({ kind: fc.constant<'json'>('json'), value: fc.jsonValue({ maxDepth: 3 }) }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant<'text'>('text'),
        text: fc.oneof(fc.constantFrom(...MALFORMED), fc.string({ unit: 'binary', maxLength: 60 })),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant<'broken'>('broken'),
        at: fc.nat(),
        junk: fc.constantFrom('', '{', '}', ',', '"', ':', '\\', NUL, "'", 'NaN', 'undefined', '//', '/*', '\n', ',,', ']'),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant<'wrongType'>('wrongType'),
        contentType: fc.constantFrom(...OTHER_TYPES),
        payload: fc.constantFrom<'valid' | 'form' | 'text'>('valid', 'form', 'text'),
      }),
    },
  ];
  if (fields)
    return fc.oneof({ weight: 8, arbitrary: mutated }, { weight: 1, arbitrary: fc.constant<BodySpec>({ kind: 'none' }) }, ...others);
  // No body is expected (DELETE): mostly none, sometimes junk all the same.
  return fc.oneof({ weight: 6, arbitrary: fc.constant<BodySpec>({ kind: 'none' }) }, { weight: 1, arbitrary: mutated }, ...others);
}

// ---------- the catalogue ----------

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** As in DESIGN.md §7 and the OpenAPI description (`:name` for the path parameter). */
  path: string;
  /** Callers allowed to call it (one is picked per case). */
  callers: Who[];
  /** The path parameter's fixture values: the first is the endpoint's own valid id. */
  ids?: (w: World) => number[];
  /** Path parameters that are names, not ids: each one's valid values. */
  names?: Record<string, readonly string[]>;
  /** The query keys it reads. */
  query?: QueryKey[];
  /** Its body's fields and a valid body (for POST/PUT). */
  body?: { fields: Field[]; valid: (ctx: RenderContext) => Record<string, unknown> };
}

const field = (name: string, kind: FieldKind, required = true): Field => ({ name, kind, required });
const LIST_KEYS: QueryKey[] = ['page', 'limit', 'sortBy', 'sortOrder'];
const SIGNED_IN: Who[] = ['customer', 'owner', 'admin'];

const CATALOGUE: Endpoint[] = [
  { method: 'GET', path: '/api/health', callers: ['anonymous'] },
  {
    method: 'POST',
    path: '/api/auth/login',
    callers: ['anonymous'],
    body: {
      fields: [field('email', 'email'), field('password', 'password'), field('role', 'role')],
      valid: ({ me }) => ({ email: me.email, password: me.password, role: me.role }),
    },
  },
  {
    method: 'POST',
    path: '/api/auth/register',
    callers: ['anonymous'],
    body: {
      fields: [field('name', 'personName'), field('email', 'email'), field('address', 'address'), field('password', 'newPassword')],
      valid: ({ fresh }) => ({ name: 'Fuzz Registrant Person Name', email: fresh(), address: '1 Fuzz Road', password: 'Secret@123' }),
    },
  },
  { method: 'GET', path: '/api/auth/profile', callers: SIGNED_IN },
  {
    method: 'PUT',
    path: '/api/auth/profile',
    callers: SIGNED_IN,
    body: {
      fields: [field('name', 'personName'), field('address', 'address')],
      valid: () => ({ name: 'A Valid Profile Name Here', address: '1 Fuzz Road' }),
    },
  },
  {
    method: 'PUT',
    path: '/api/auth/password',
    callers: SIGNED_IN,
    body: {
      fields: [field('currentPassword', 'password'), field('newPassword', 'newPassword')],
      valid: ({ me }) => ({ currentPassword: me.password, newPassword: me.password }),
    },
  },
  { method: 'POST', path: '/api/auth/logout', callers: SIGNED_IN },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    callers: ['anonymous'],
    body: { fields: [field('email', 'email')], valid: ({ me }) => ({ email: me.email }) },
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    callers: ['anonymous'],
    body: {
      fields: [field('token', 'linkToken'), field('password', 'newPassword')],
      valid: () => ({ token: 'A'.repeat(43), password: 'Secret@123' }),
    },
  },
  {
    method: 'POST',
    path: '/api/auth/verify-email',
    callers: ['anonymous'],
    body: { fields: [field('token', 'linkToken')], valid: () => ({ token: 'A'.repeat(43) }) },
  },
  { method: 'POST', path: '/api/auth/resend-verification', callers: SIGNED_IN },
  { method: 'GET', path: '/api/users/dashboard', callers: SIGNED_IN },
  { method: 'GET', path: '/api/users/ratings', callers: SIGNED_IN, query: LIST_KEYS },
  { method: 'GET', path: '/api/stores', callers: SIGNED_IN, query: [...LIST_KEYS, 'search', 'category', 'minRating', 'unrated', 'city'] },
  { method: 'GET', path: '/api/stores/cities', callers: SIGNED_IN },
  { method: 'GET', path: '/api/stores/:id', callers: SIGNED_IN, ids: (w) => [w.store, w.spareStore] },
  {
    method: 'GET',
    path: '/api/stores/:id/ratings',
    callers: SIGNED_IN,
    ids: (w) => [w.store, w.spareStore],
    query: ['page', 'limit', 'sortBy', 'sortOrder', 'stars', 'withComment'],
  },
  { method: 'GET', path: '/api/ratings/user/:storeId', callers: SIGNED_IN, ids: (w) => [w.store, w.spareStore] },
  {
    method: 'POST',
    path: '/api/ratings/:storeId',
    callers: ['customer', 'customer', 'owner', 'admin'],
    ids: (w) => [w.store, w.spareStore],
    body: { fields: [field('rating', 'rating'), field('comment', 'comment', false)], valid: () => ({ rating: 4, comment: 'Good' }) },
  },
  {
    method: 'PUT',
    path: '/api/ratings/:ratingId',
    callers: ['customer'],
    ids: (w) => [w.rating, w.otherRating],
    body: { fields: [field('rating', 'rating'), field('comment', 'comment', false)], valid: () => ({ rating: 4, comment: 'Good' }) },
  },
  { method: 'DELETE', path: '/api/ratings/:ratingId', callers: ['customer', 'admin'], ids: (w) => [w.rating, w.otherRating] },
  {
    method: 'PUT',
    path: '/api/ratings/:ratingId/reply',
    callers: ['owner', 'owner', 'customer', 'admin'],
    ids: (w) => [w.rating, w.otherRating],
    body: { fields: [field('reply', 'comment')], valid: () => ({ reply: 'Thank you for visiting!' }) },
  },
  {
    method: 'DELETE',
    path: '/api/ratings/:ratingId/reply',
    callers: ['owner', 'admin', 'customer'],
    ids: (w) => [w.rating, w.otherRating],
  },
  // Reported by the owner and the admin (201), then again (409); by its author, a 403.
  {
    method: 'POST',
    path: '/api/ratings/:ratingId/reports',
    callers: ['owner', 'admin', 'customer'],
    ids: (w) => [w.rating, w.otherRating],
    body: {
      fields: [field('reason', 'reportReason'), field('target', 'reportTarget', false)],
      valid: () => ({ reason: 'spam', target: 'rating' }),
    },
  },
  { method: 'PUT', path: '/api/ratings/:ratingId/helpful', callers: ['owner', 'admin', 'customer'], ids: (w) => [w.rating, w.otherRating] },
  {
    method: 'DELETE',
    path: '/api/ratings/:ratingId/helpful',
    callers: ['owner', 'admin', 'customer'],
    ids: (w) => [w.rating, w.otherRating],
  },
  { method: 'GET', path: '/api/owner/dashboard', callers: ['owner'], query: [...LIST_KEYS, 'storeId'] },
  { method: 'GET', path: '/api/notifications', callers: SIGNED_IN, query: ['before'] },
  { method: 'GET', path: '/api/notifications/unread-count', callers: SIGNED_IN },
  // The customer's own: marked read (200); anyone else's, a 404.
  {
    method: 'POST',
    path: '/api/notifications/:id/read',
    callers: ['customer', 'customer', 'owner', 'admin'],
    ids: (w) => [w.notification],
  },
  { method: 'POST', path: '/api/notifications/read-all', callers: SIGNED_IN },
  { method: 'GET', path: '/api/admin/dashboard', callers: ['admin'] },
  { method: 'GET', path: '/api/admin/moderation', callers: ['admin'], query: ['page', 'limit', 'status'] },
  { method: 'POST', path: '/api/admin/moderation/:ratingId/hide', callers: ['admin', 'customer'], ids: (w) => [w.rating, w.otherRating] },
  { method: 'POST', path: '/api/admin/moderation/:ratingId/restore', callers: ['admin', 'owner'], ids: (w) => [w.rating, w.otherRating] },
  {
    method: 'POST',
    path: '/api/admin/moderation/:ratingId/dismiss',
    callers: ['admin', 'customer'],
    ids: (w) => [w.rating, w.otherRating],
    body: { fields: [field('target', 'reportTarget', false)], valid: () => ({ target: 'rating' }) },
  },
  { method: 'GET', path: '/api/admin/users', callers: ['admin'], query: [...LIST_KEYS, 'search', 'role'] },
  {
    method: 'POST',
    path: '/api/admin/users',
    callers: ['admin'],
    body: {
      fields: [
        field('name', 'personName'),
        field('email', 'email'),
        field('address', 'address', false),
        field('password', 'newPassword'),
        field('role', 'role'),
      ],
      valid: ({ fresh }) => ({
        name: 'Fuzz Created Person Name',
        email: fresh(),
        address: '1 Fuzz Road',
        password: 'Secret@123',
        role: 'normal_user',
      }),
    },
  },
  {
    method: 'GET',
    path: '/api/admin/users/:id',
    callers: ['admin'],
    ids: (w) => [w.target, w.owner, w.customer, w.admin].map((u) => u.id),
  },
  {
    method: 'PUT',
    path: '/api/admin/users/:id',
    callers: ['admin'],
    ids: (w) => [w.target, w.customer, w.owner, w.admin].map((u) => u.id),
    body: {
      fields: [field('name', 'personName'), field('email', 'email'), field('address', 'address', false), field('role', 'role')],
      valid: ({ world }) => ({ name: 'Fuzz Edited Person Name', email: world.target.email, address: '1 Fuzz Road', role: 'normal_user' }),
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/users/:id',
    callers: ['admin'],
    ids: (w) => [w.target, w.owner, w.admin, w.customer].map((u) => u.id),
  },
  { method: 'GET', path: '/api/admin/stores', callers: ['admin'], query: [...LIST_KEYS, 'search', 'city'] },
  {
    method: 'POST',
    path: '/api/admin/stores',
    callers: ['admin'],
    body: {
      fields: storeFields(),
      valid: ({ world }) => ({
        name: 'Fuzz Store',
        address: '1 Fuzz Road',
        phone: '+1 555 0100',
        email: 'shop@test.example',
        owner_id: world.owner.id,
        category: 'Grocery',
      }),
    },
  },
  {
    method: 'PUT',
    path: '/api/admin/stores/:id',
    callers: ['admin'],
    ids: (w) => [w.store, w.spareStore],
    body: {
      fields: storeFields(),
      valid: ({ world }) => ({
        name: 'Fuzz Store Edited',
        address: '2 Fuzz Road',
        phone: '+1 555 0100',
        email: 'shop@test.example',
        owner_id: world.owner.id,
        category: 'Other',
      }),
    },
  },
  { method: 'DELETE', path: '/api/admin/stores/:id', callers: ['admin'], ids: (w) => [w.spareStore, w.store] },
  { method: 'GET', path: '/api/admin/deployments', callers: ['admin'] },
  // Nothing is published on this server: every valid command finds nothing to do (409).
  {
    method: 'POST',
    path: '/api/admin/deployments/:app/:command',
    callers: ['admin'],
    names: { app: DEPLOYABLE_APPS, command: DEPLOYMENT_COMMANDS },
  },
  {
    method: 'POST',
    path: '/api/telemetry/remote-health',
    callers: ['anonymous', 'customer'],
    body: {
      fields: [field('events', 'healthEvents')],
      valid: () => ({ events: [{ app: 'shell', version: 'dist', kind: 'load', renderMs: 120 }] }),
    },
  },
];

function storeFields(): Field[] {
  return [
    field('name', 'storeName'),
    field('address', 'address'),
    field('phone', 'phone', false),
    field('email', 'storeEmail', false),
    field('owner_id', 'ownerId'),
    field('category', 'category', false),
    field('city', 'city', false),
  ];
}

const endpointName = (e: Endpoint) => `${e.method} ${e.path}`;

// ---------- one generated request ----------

/** A name path parameter: one of its valid names (by index), or odd text. */
type NameSpec = { valid: number } | { text: string };

const pathName = (valid: readonly string[]): fc.Arbitrary<NameSpec> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.nat({ max: valid.length - 1 }).map((index): NameSpec => ({ valid: index })) },
    { weight: 1, arbitrary: fc.constantFrom(...ID_TEXT).map((text): NameSpec => ({ text })) },
    { weight: 1, arbitrary: fc.constantFrom(...SPECIAL_TEXT).map((text): NameSpec => ({ text: encode(text) })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...valid.map((name) => name.toUpperCase()), ...valid.map((name) => ` ${name}`))
        .map((text): NameSpec => ({ text: encode(text) })),
    },
  );

interface Case {
  caller: number;
  id: IdSpec | undefined;
  names: Record<string, NameSpec>;
  query: QueryPair[];
  body: BodySpec;
}

function caseOf(endpoint: Endpoint, w: World | undefined): fc.Arbitrary<Case> {
  const fixtures = endpoint.ids && w ? endpoint.ids(w).length : 1;
  return fc.record({
    caller: fc.nat({ max: endpoint.callers.length - 1 }),
    id: endpoint.ids ? pathId(fixtures) : fc.constant(undefined),
    names: fc.record(Object.fromEntries(Object.entries(endpoint.names ?? {}).map(([name, valid]) => [name, pathName(valid)]))),
    query: queryPairs(endpoint.query ?? []),
    // fetch sends no body with GET.
    body: endpoint.method === 'GET' ? fc.constant<BodySpec>({ kind: 'none' }) : bodySpec(endpoint.body?.fields),
  });
}

interface Rendered {
  method: string;
  path: string;
  options: RequestOptions;
  /** Why the request is certainly invalid (it must then be answered with a 4xx); empty when it may be valid. */
  invalidBecause: string[];
}

const WHOLE_NUMBER = /^[0-9]{1,10}$/;
const PATH_ID = /^[1-9][0-9]{0,9}$/;

function render(endpoint: Endpoint, c: Case, ctx: RenderContext, token: string | undefined): Rendered {
  const invalidBecause: string[] = [];

  // The path.
  let path = endpoint.path;
  /** An id that changes the route itself (empty, a slash, ?, #, dot segments) may meet another route, or move the rest into the query. */
  let routeChanged = false;
  if (endpoint.ids) {
    const fixtures = endpoint.ids(ctx.world);
    const spec = c.id!;
    const segment = 'fixture' in spec ? String(fixtures[spec.fixture % fixtures.length]) : spec.text;
    path = path.replace(/:\w+/, segment);
    routeChanged = 'text' in spec && (spec.text === '' || /[/?#.]/.test(spec.text));
    if ('text' in spec && !routeChanged) {
      let decoded: string | undefined;
      try {
        decoded = decodeURIComponent(spec.text);
      } catch {
        decoded = undefined;
      }
      if (decoded === undefined || !PATH_ID.test(decoded) || Number(decoded) > MAX_ID) invalidBecause.push(`the id ${spec.text}`);
    }
  }
  for (const [name, valid] of Object.entries(endpoint.names ?? {})) {
    const spec = c.names[name]!;
    const segment = 'valid' in spec ? valid[spec.valid]! : spec.text;
    path = path.replace(`:${name}`, segment);
    if ('text' in spec) {
      if (spec.text === '' || /[/?#.]/.test(spec.text)) routeChanged = true;
      else if (!valid.includes(safeDecode(spec.text) ?? '')) invalidBecause.push(`the ${name} ${spec.text}`);
    }
  }

  // The query string.
  if (c.query.length > 0) {
    const parts = c.query.map(({ key, value, mode }) => {
      const text = 'ref' in value ? String(resolveRef(value.ref, ctx)) : value.text;
      if (mode === 'bare') return encode(key);
      return mode === 'raw' ? `${key}=${text}` : `${encode(key)}=${encode(text)}`;
    });
    path += `?${parts.join('&')}`;
    // Only reason about queries whose every pair is encoded (raw text may hold & and = of its own).
    const reads = new Set(endpoint.query ?? []);
    if (!routeChanged && c.query.every((p) => p.mode === 'encoded')) {
      const values = new Map<string, string[]>();
      for (const p of c.query)
        values.set(p.key, [...(values.get(p.key) ?? []), 'ref' in p.value ? String(resolveRef(p.value.ref, ctx)) : p.value.text]);
      const maxLimit = endpoint.path === '/api/admin/users' ? ADMIN_USERS_MAX_LIMIT : MAX_LIST_LIMIT;
      const checks: Array<[QueryKey, (v: string) => boolean]> = [
        ['page', (v) => WHOLE_NUMBER.test(v) && Number(v) >= 1 && Number(v) <= MAX_PAGE],
        ['limit', (v) => WHOLE_NUMBER.test(v) && Number(v) >= 1 && Number(v) <= maxLimit],
        ['sortOrder', (v) => v === 'asc' || v === 'desc'],
      ];
      for (const [key, ok] of checks) {
        const given = values.get(key);
        if (!reads.has(key) || !given) continue;
        if (given.length > 1) invalidBecause.push(`${key} given twice`);
        else if (!ok(given[0])) invalidBecause.push(`${key}=${JSON.stringify(given[0])}`);
      }
    }
  }

  // The body.
  const options: RequestOptions = { token };
  const validBody = endpoint.body?.valid(ctx) ?? {};
  const validText = JSON.stringify(validBody);
  const b = c.body;
  switch (b.kind) {
    case 'none':
      if (endpoint.body) invalidBecause.push('no body');
      break;
    case 'mutated': {
      const entries: Array<[string, Val]> = Object.entries(validBody).map(([k, v]) => [k, j(v)]);
      for (const op of b.ops) {
        const at = entries.findIndex(([k]) => k === op.name);
        if (op.op === 'remove') {
          if (at >= 0) entries.splice(at, 1);
        } else if (op.op === 'set') {
          if (at >= 0) entries[at] = [op.name, op.value];
          else entries.push([op.name, op.value]);
        } else {
          entries.push([op.name, op.value]);
        }
      }
      options.rawBody = `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${valText(v, ctx)}`).join(',')}}`;
      options.contentType = b.contentType;
      const present = new Set(entries.map(([k]) => k));
      for (const f of endpoint.body?.fields ?? []) if (f.required && !present.has(f.name)) invalidBecause.push(`no ${f.name}`);
      break;
    }
    case 'json':
      options.rawBody = JSON.stringify(b.value);
      if (endpoint.body) invalidBecause.push('a body of random JSON');
      break;
    case 'text':
      options.rawBody = b.text;
      if (!isJson(b.text) || endpoint.body) invalidBecause.push('a body that is not JSON or not the expected object');
      break;
    case 'broken': {
      const at = b.at % (validText.length + 1);
      options.rawBody = `${validText.slice(0, at)}${b.junk}${b.junk === '' ? '' : validText.slice(at)}`;
      if (!isJson(options.rawBody)) invalidBecause.push('malformed JSON');
      break;
    }
    case 'wrongType':
      options.rawBody = b.payload === 'valid' ? validText : b.payload === 'form' ? 'name=x&email=y%40z.co&rating=4' : 'hello';
      options.contentType = b.contentType;
      // A body in a type that is not JSON is refused (415), whatever it holds.
      if (!/^application\/json\s*(;|$)/i.test(b.contentType)) invalidBecause.push(`content type ${JSON.stringify(b.contentType)}`);
      break;
  }
  return { method: endpoint.method, path, options, invalidBecause };
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** JSON as RFC 8259 has it (a leading byte order mark may be ignored). */
function isJson(text: string): boolean {
  try {
    JSON.parse(text.replace(/^\ufeff/, ''));
    return true;
  } catch {
    return false;
  }
}

// ---------- checks ----------

/** What must never show in an answer to bad input: stack frames, file paths, SQL, driver and runtime errors. */
const INSIDES = [
  /"stack"|node_modules|\.(ts|js):\d+|\bat \S+ \(|\/(work|home|tmp|usr)\//,
  /SELECT |INSERT |UPDATE |DELETE FROM| WHERE /,
  /syntax error at|relation "|violates|duplicate key|pglite|postgres|kysely|zoderror|typeerror|rangeerror|is not a function|undefined is not|cannot read prop/i,
];

function preview(text: string | Buffer | undefined, max = 300): string {
  if (text === undefined) return '(none)';
  const s = typeof text === 'string' ? text : text.toString('utf8');
  return JSON.stringify(s.length > max ? `${s.slice(0, max)}… (${s.length} characters)` : s);
}

function checkAnswer(res: HttpResult, req: Rendered): void {
  expect(res.status).toBeLessThan(500);
  expect(res.status).toBeGreaterThanOrEqual(200);
  if (res.status === 204) {
    // No content (a stored health report).
    expect(res.text).toBe('');
  } else {
    expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
    expect(res.body).toEqual(expect.any(Object));
  }
  if (res.status >= 400) {
    expect(Array.isArray(res.body)).toBe(false);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message.length).toBeGreaterThan(0);
    expect(Object.keys(res.body).filter((k) => k !== 'message' && k !== 'errors')).toEqual([]);
    if (res.body.errors !== undefined) {
      expect(Array.isArray(res.body.errors)).toBe(true);
      for (const e of res.body.errors) expect(e).toEqual({ field: expect.any(String), message: expect.any(String) });
    }
    for (const pattern of INSIDES) expect(res.text).not.toMatch(pattern);
  } else {
    expect(res.status).toBeLessThan(300);
    if (req.invalidBecause.length > 0) throw new Error(`a ${res.status} for certainly invalid input: ${req.invalidBecause.join('; ')}`);
  }
}

/** A generated case as JSON, long strings shortened (the rendered request is shown in full detail anyway). */
function clipped(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'string' && v.length > 120 ? `${v.slice(0, 40)}… (${v.length} characters)` : v,
  );
}

/** Sends raw bytes to the server and reads the answer until the server closes the connection. */
function rawExchange(baseUrl: string, bytes: string): Promise<{ statusLine: string; headers: string; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...headerLines] = head.split('\r\n');
      resolve({ statusLine, headers: headerLines.join('\n').toLowerCase(), body: rest.join('\r\n\r\n') });
    });
  });
}

// ---------- the suite ----------

describe.each(ENGINES)('every endpoint, fuzzed (%s)', (engine) => {
  let server: TestServer;
  /** Every table of the schema (the snapshot covers them all, so a new table is covered too). */
  let tables: string[];
  let emails = 0;
  const fresh = () => `fuzz.${engine}.${process.pid}.${++emails}@test.example`;

  beforeAll(async () => {
    // Generous limits: sign-ins and sign-ups should reach validation and the password check (a 429 would pass too).
    server = await startTestServer(engine, {
      throttle: {
        loginFailuresPerAccount: 1_000_000,
        loginFailuresPerAddress: 1_000_000,
        registrationsPerAccount: 1_000_000,
        registrationsPerAddress: 1_000_000,
      },
    });
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_migration%'
      order by 1`.execute(server.db);
    tables = rows.map((r) => r.name);
  }, 120_000);
  afterAll(() => server?.close());

  it('snapshots every table the migrations create, the kept counters included', () => {
    expect(tables).toEqual(expect.arrayContaining(['users', 'stores', 'ratings', 'row_counts', 'row_totals', 'store_months']));
  });

  it('covers every endpoint the server registers, every body field and every query key', async () => {
    const docs = await server.get('/api/docs/json');
    expect(docs.status).toBe(200);
    const paths = docs.body.paths as Record<
      string,
      Record<string, { parameters?: Array<{ in: string; name: string }>; requestBody?: any }>
    >;
    const anyParam = (p: string) => p.replace(/\{\w+\}|:\w+/g, ':param');
    const documented = Object.entries(paths).flatMap(([p, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${anyParam(p)}`),
    );
    const fuzzed = CATALOGUE.map((e) => `${e.method} ${anyParam(e.path)}`);
    expect(new Set(fuzzed).size).toBe(fuzzed.length);
    expect([...fuzzed].sort()).toEqual([...documented].sort());

    for (const e of CATALOGUE) {
      const docPath = Object.keys(paths).find((p) => anyParam(p) === anyParam(e.path) && paths[p][e.method.toLowerCase()])!;
      const op = paths[docPath][e.method.toLowerCase()];
      const queryKeys = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect({ endpoint: endpointName(e), query: [...(e.query ?? [])].sort() }).toEqual({
        endpoint: endpointName(e),
        query: queryKeys.sort(),
      });
      const bodyKeys = Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {});
      expect({ endpoint: endpointName(e), body: (e.body?.fields ?? []).map((f) => f.name).sort() }).toEqual({
        endpoint: endpointName(e),
        body: bodyKeys.sort(),
      });
    }
  });

  describe('found by this fuzzing (regressions)', () => {
    // A URL or headers past Node's 16 KiB limit are refused by its HTTP parser before Fastify routes
    // anything; the answer was Fastify's default {error, message, statusCode}, not the API's {message}.
    it.each([
      ['a 20,000-character query string', `/api/admin/stores?search=${letters(10_000)}&search=${letters(10_000)}`, {}],
      ['a 20,000-character header', '/api/health', { 'x-filler': letters(20_000) }],
    ])('answers %s with 431 and { message }', async (_label, path, headers) => {
      const world = await buildWorld();
      const before = await readState(world);
      const res = await server.get(path, { token: world.admin.token, headers });
      expect(res.status).toBe(431);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.body).toEqual({ message: 'Invalid input' });
      expect((await readState(world)).tables).toEqual(before.tables);
    });

    it.each([
      ['a header without a colon', 'GET /api/health HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n'],
      ['a control character in the request line', 'GET /api/he\u0001alth HTTP/1.1\r\nHost: x\r\n\r\n'],
      ['an unknown HTTP version', 'GET /api/health HTTP/9.9\r\nHost: x\r\n\r\n'],
      ['a bad content length', 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n{}'],
    ])('answers a malformed request (%s) with 400 and { message }', async (_label, bytes) => {
      const res = await rawExchange(server.baseUrl, bytes);
      expect(res.statusLine).toBe('HTTP/1.1 400 Bad Request');
      expect(res.headers).toMatch(/^content-type: application\/json/m);
      expect(JSON.parse(res.body)).toEqual({ message: 'Invalid input' });
    });
  });

  /** The hash of the fixture's password (Secret@123), made once: the world's users are inserted in one statement. */
  let passwordHash: string | undefined;
  let worlds = 0;

  async function buildWorld(): Promise<World> {
    if (!passwordHash) {
      const first = await server.createUser('normal_user');
      passwordHash = (await server.db.selectFrom('users').select('password_hash').where('id', '=', first.id).executeTakeFirstOrThrow())
        .password_hash;
    }
    const n = ++worlds;
    const people = {
      admin: 'system_admin',
      customer: 'normal_user',
      otherCustomer: 'normal_user',
      owner: 'store_owner',
      target: 'normal_user',
    } as const;
    const emailOf = (key: string) => `fuzz.${key.toLowerCase()}.${engine}.${process.pid}.${n}@test.example`;
    const rows = await server.db
      .insertInto('users')
      .values(
        Object.entries(people).map(([key, role]) => ({
          name: `Fuzz ${key} of world ${n}`.padEnd(20, '.'),
          email: emailOf(key),
          email_key: emailKey(emailOf(key)),
          address: `${n} Fuzz Street`,
          role,
          password_hash: passwordHash!,
        })),
      )
      .returning(['id', 'name', 'email', 'role', 'token_version'])
      .execute();
    const user = (key: keyof typeof people): CreatedUser => {
      const row = rows.find((r) => r.email === emailOf(key))!;
      const token = signToken({ userId: row.id, tokenVersion: row.token_version }, TEST_JWT_SECRET, 3600);
      return { id: row.id, name: row.name, email: row.email, role: row.role, password: 'Secret@123', token };
    };
    const [admin, customer, otherCustomer, owner, target] = (['admin', 'customer', 'otherCustomer', 'owner', 'target'] as const).map(user);
    const stores = await server.db
      .insertInto('stores')
      .values(
        ['Fuzz Fixture Store', 'Fuzz Spare Store'].map((name) => ({
          name: `${name} ${n}`,
          address: `${n} Fuzz Market`,
          owner_id: owner.id,
        })),
      )
      .returning(['id', 'name'])
      .execute();
    const [store, spareStore] = [`Fuzz Fixture Store ${n}`, `Fuzz Spare Store ${n}`].map((name) => stores.find((s) => s.name === name)!.id);
    const ratings = await server.db
      .insertInto('ratings')
      .values([
        { user_id: customer.id, store_id: store, rating: 3, comment: 'Fixture rating' },
        { user_id: otherCustomer.id, store_id: store, rating: 5, comment: null },
      ])
      .returning(['id', 'user_id'])
      .execute();
    const [rating, otherRating] = [customer.id, otherCustomer.id].map((id) => ratings.find((r) => r.user_id === id)!.id);
    const { id: notification } = await server.db
      .insertInto('notifications')
      .values({ user_id: customer.id, kind: 'reply', store_id: store, rating_id: rating })
      .returning('id')
      .executeTakeFirstOrThrow();
    const world: World = {
      admin,
      customer,
      otherCustomer,
      owner,
      target,
      store,
      spareStore,
      rating,
      otherRating,
      notification,
      fingerprint: '',
    };
    world.fingerprint = (await readState(world)).world;
    return world;
  }

  /**
   * Each endpoint starts from empty tables (deleted, so the kept counters follow) with ids from 1 again:
   * the snapshot stays small, and small generated ids meet the fixture's rows.
   */
  async function startAfresh(): Promise<void> {
    for (const table of ['ratings', 'stores', 'users'] as const) await server.db.deleteFrom(table).execute();
    passwordHash = undefined;
    await sql`select setval(pg_get_serial_sequence('users', 'id'), 1, false), setval(pg_get_serial_sequence('stores', 'id'), 1, false),
      setval(pg_get_serial_sequence('ratings', 'id'), 1, false)`.execute(server.db);
  }

  interface State {
    /** Per table: the row count and a hash over every row. */
    tables: Record<string, string>;
    /** The world's users (id, role, token version, tokens signed out), stores (id, owner) and ratings (id, author, store). */
    world: string;
  }

  /** One round trip: every table's rows, and the fixture's own rows. */
  async function readState(world: World): Promise<State> {
    const users = [world.admin, world.customer, world.otherCustomer, world.owner, world.target].map((u) => u.id);
    const perTable = tables.map(
      // The row count and the sum of a 64-bit hash of each row's every column: any row added, removed or changed shows.
      (t) =>
        sql`(select count(*) || ':' || coalesce(sum(hashtextextended(x::text, 0)), 0) from ${sql.table(t)} as x) as ${sql.ref(`t_${t}`)}`,
    );
    const { rows } = await sql<Record<string, string>>`
      select ${sql.join(perTable)},
        (select coalesce(string_agg(id || ':' || role || ':' || token_version, ',' order by id), '') from users where id in (${sql.join(users)}))
          -- A signed-out token is the world's too: the next request needs a world whose tokens work.
          || ':' || (select count(*) from revoked_tokens where user_id in (${sql.join(users)})) as w_users,
        (select coalesce(string_agg(id || ':' || owner_id, ',' order by id), '') from stores where id in (${world.store}, ${world.spareStore})) as w_stores,
        (select coalesce(string_agg(id || ':' || user_id || ':' || store_id, ',' order by id), '') from ratings where id in (${world.rating}, ${world.otherRating})) as w_ratings
    `.execute(server.db);
    const row = rows[0];
    return {
      tables: Object.fromEntries(tables.map((t) => [t, row[`t_${t}`]])),
      world: `${row.w_users} | ${row.w_stores} | ${row.w_ratings}`,
    };
  }

  const callerOf = (who: Who, world: World): CreatedUser | undefined => (who === 'anonymous' ? undefined : world[who]);

  it.each(CATALOGUE.map((e) => [endpointName(e), e] as const))(
    `%s: ${FUZZ_RUNS} generated requests, never a 5xx, a 4xx changes nothing`,
    async (_name, endpoint) => {
      await startAfresh();
      let world = await buildWorld();
      /** The state after the last request: nothing else writes, so it is the next request's state before. */
      let known: State | undefined;
      const counts = { ok: 0, rejected: 0 };

      const property = fc.asyncProperty(caseOf(endpoint, world), async (c) => {
        let before = known ?? (await readState(world));
        if (before.world !== world.fingerprint) {
          world = await buildWorld();
          before = await readState(world);
        }
        const who = endpoint.callers[c.caller];
        const caller = callerOf(who, world);
        const ctx: RenderContext = { world, me: caller ?? world.customer, fresh };
        const req = render(endpoint, c, ctx, caller?.token);
        const res = await server.request(req.method, req.path, req.options);
        // Mails go after the answer (a password reset or verification link's token is written then): let them.
        await server.mailSettled();
        const after = await readState(world);
        known = after;
        try {
          checkAnswer(res, req);
          if (res.status >= 400) {
            const changed = tables.filter((t) => after.tables[t] !== before.tables[t]);
            if (changed.length > 0) throw new Error(`a ${res.status} changed the rows of ${changed.join(', ')}`);
            counts.rejected++;
          } else counts.ok++;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          throw new Error(
            [
              `${req.method} ${preview(req.path, 500)} as ${who}`,
              `  content-type ${preview(req.options.contentType)}, body ${preview(req.options.rawBody)}`,
              `  answered ${res.status} ${preview(res.headers.get('content-type') ?? '')}: ${preview(res.text)}`,
              `  ${message}`,
            ].join('\n'),
            { cause: error },
          );
        }
      });
      const run = await fc.check(property, { numRuns: FUZZ_RUNS, ...(FUZZ_SEED !== undefined ? { seed: FUZZ_SEED } : {}) });
      if (run.failed) {
        const cause = run.errorInstance instanceof Error ? run.errorInstance.message : String(run.errorInstance);
        throw new Error(
          [
            `${endpointName(endpoint)}: failed after ${run.numRuns} generated requests, shrunk ${run.numShrinks} times.`,
            `Replay: FUZZ_SEED=${run.seed} FUZZ_RUNS=${FUZZ_RUNS} npm test -- test/fuzz-every-endpoint.test.ts -t '${endpointName(endpoint)}' (fast-check path ${run.counterexamplePath})`,
            `Case: ${clipped(run.counterexample)}`,
            cause,
          ].join('\n'),
        );
      }
      expect(counts.ok + counts.rejected).toBe(FUZZ_RUNS);
      expect(await server.storesWithWrongAggregates()).toEqual([]);
      expect(await server.keptCountsThatDisagree()).toEqual([]);
    },
    TIMEOUT_MS,
  );
});
