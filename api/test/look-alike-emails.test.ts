/**
 * Look-alike accounts (issue 14, DESIGN.md §9: "Emails are normalised (NFKC, one case fold on both
 * sides; invisible and mixed-script addresses refused)"), over HTTP against the real server.
 *
 * Before: a fullwidth 'ａdmin@example.com', a Cyrillic 'аdmin@example.com', 'ad\u200bmin@example.com'
 * and the NFD spelling of an NFC address all registered beside the real account, and
 * 'İnci.x@example.com' registered but could never sign in (JavaScript lowercased the input,
 * PostgreSQL's lower() the stored address, and they disagree). Now every address is stored in its
 * NFKC form with `email_key` (shared-contracts' emailKey: NFKC and one case fold, computed in
 * JavaScript on both sides) unique, and invisible or mixed-alphabet addresses are refused.
 */
import { sql } from 'kysely';
import { MESSAGES } from 'shared-contracts';
import { hashPassword } from '../src/auth/passwords';
import { migrateUpTo } from '../src/db/migrate';
import { type CreatedUser, ENGINES, startTestServer, type TestServer } from './support/test-server';

const PASSWORD = 'Secret@123';
const ADMIN_LIKE = 'admin@example.com';

const fieldError = (message: string) => ({ message, errors: [{ field: 'email', message }] });
const taken = fieldError(MESSAGES.emailTaken);
const confusable = fieldError(MESSAGES.emailConfusable);

/** Each invisible or direction-changing character, inside an otherwise fine address. */
const INVISIBLES: Array<[string, string]> = [
  ['zero-width space', '\u200b'],
  ['zero-width non-joiner', '\u200c'],
  ['zero-width joiner', '\u200d'],
  ['word joiner', '\u2060'],
  ['soft hyphen', '\u00ad'],
  ['zero-width no-break space (BOM)', '\ufeff'],
  ['right-to-left override', '\u202e'],
  ['left-to-right mark', '\u200e'],
  ['right-to-left isolate', '\u2067'],
  ['variation selector 16', '\ufe0f'],
  ['combining grapheme joiner', '\u034f'],
  ['Hangul filler', '\u3164'],
  ['tag letter', '\u{e0061}'],
  ['control character', '\u0007'],
  ['private use character', '\ue000'],
];

/** Letters of two alphabets in the local part or in one label of the domain. */
const MIXED_SCRIPTS: Array<[string, string]> = [
  ['Cyrillic а in a Latin local part', '\u0430dmin@example.com'],
  ['Greek ο in a Latin local part', 'adm\u03bfin@example.com'],
  ['Cyrillic е in a Latin domain label', 'admin@\u0435xample.com'],
  ['Cyrillic с in the top-level label', 'admin@example.\u0441om'],
  ['Armenian օ in a Latin local part', 'j\u0585hn@example.com'],
  ['Arabic-Indic digit in a Latin local part', 'admin\u0661@example.com'],
];

describe.each(ENGINES)('look-alike emails (%s)', (engine) => {
  let server: TestServer;
  let admin: CreatedUser;
  let counter = 0;
  const name = () => `Look Alike Person Number ${++counter}`.padEnd(20, '.');

  const register = (email: string) =>
    server.post('/api/auth/register', { body: { name: name(), email, address: '1 Mirror Lane', password: PASSWORD } });
  const login = (email: string, role = 'normal_user') => server.post('/api/auth/login', { body: { email, password: PASSWORD, role } });
  const adminCreate = (email: string) =>
    server.post('/api/admin/users', {
      token: admin.token,
      body: { name: name(), email, address: '2 Admin Road', password: PASSWORD, role: 'normal_user' },
    });
  const adminUpdate = (id: number, email: string) =>
    server.put(`/api/admin/users/${id}`, {
      token: admin.token,
      body: { name: name(), email, address: '2 Admin Road', role: 'normal_user' },
    });

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await server.createUser('system_admin');
    const real = await register(ADMIN_LIKE);
    expect(real.status).toBe(201);
  });
  afterAll(() => server.close());

  describe('sign-up beside an existing admin@example.com', () => {
    it('fullwidth ａdmin@example.com is the same address once NFKC-normalised: 409 email taken', async () => {
      const res = await register('\uff41dmin@example.com');
      expect({ status: res.status, body: res.body }).toEqual({ status: 409, body: taken });
    });

    it('every letter fullwidth (as a Japanese keyboard types it, ＠ and ． included): 409 email taken', async () => {
      const res = await register('ａｄｍｉｎ＠ｅｘａｍｐｌｅ．ｃｏｍ');
      expect({ status: res.status, body: res.body }).toEqual({ status: 409, body: taken });
    });

    it('other case: 409 email taken', async () => {
      const res = await register('ADMIN@Example.COM');
      expect({ status: res.status, body: res.body }).toEqual({ status: 409, body: taken });
    });

    it.each(MIXED_SCRIPTS)('%s: 400 "%s" is refused as a look-alike', async (_label, email) => {
      const res = await register(email);
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: confusable });
    });

    it.each(INVISIBLES)('an invisible %s inside the address: 400, refused as a look-alike', async (_label, ch) => {
      const res = await register(`ad${ch}min@example.com`);
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: confusable });
    });

    it('none of the refused look-alikes became an account', async () => {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from users where email <> ${ADMIN_LIKE} and email like ${'%min@%'}`.execute(server.db);
      expect(rows[0].n).toBe(0);
    });
  });

  describe('composed and decomposed accents are one address', () => {
    it('NFC first, then NFD: 409 for the second; the stored address is the composed form', async () => {
      const first = await register('ren\u00e9.nfc@example.com');
      expect(first.status).toBe(201);
      expect(first.body.user.email).toBe('ren\u00e9.nfc@example.com');
      const second = await register('rene\u0301.nfc@example.com');
      expect({ status: second.status, body: second.body }).toEqual({ status: 409, body: taken });
    });

    it('NFD first, then NFC: 409 for the second; the NFD address was stored composed and signs in either way', async () => {
      const first = await register('zoe\u0308.nfd@example.com');
      expect(first.status).toBe(201);
      expect(first.body.user.email).toBe('zo\u00eb.nfd@example.com');
      const second = await register('zo\u00eb.nfd@example.com');
      expect({ status: second.status, body: second.body }).toEqual({ status: 409, body: taken });
      expect((await login('zoe\u0308.nfd@example.com')).status).toBe(200);
      expect((await login('ZO\u00cb.NFD@example.com')).status).toBe(200);
    });

    it('a fullwidth address is stored as its plain form', async () => {
      const res = await register('ｍａｒｙ.ｗｉｄｅ＠ｅｘａｍｐｌｅ．ｃｏｍ');
      expect(res.status).toBe(201);
      expect(res.body.user.email).toBe('mary.wide@example.com');
      expect((await login('mary.wide@example.com')).status).toBe(200);
    });
  });

  describe('one case fold on both sides', () => {
    it('İnci.x@example.com registers and then signs in, as typed and in other cases that fold the same', async () => {
      const res = await register('\u0130nci.x@example.com');
      expect(res.status).toBe(201);
      expect(res.body.user.email).toBe('\u0130nci.x@example.com');
      for (const typed of ['\u0130nci.x@example.com', '\u0130NCI.X@EXAMPLE.COM', 'i\u0307nci.x@example.com', 'I\u0307nci.X@Example.com']) {
        const signIn = await login(typed);
        expect({ typed, status: signIn.status }).toEqual({ typed, status: 200 });
        expect(signIn.body.user.id).toBe(res.body.user.id);
      }
      // A second account under a spelling that folds the same is refused.
      const again = await register('I\u0307NCI.x@example.com');
      expect({ status: again.status, body: again.body }).toEqual({ status: 409, body: taken });
    });

    it('ß, ẞ and SS fold to one address', async () => {
      expect((await register('stra\u00dfe@example.com')).status).toBe(201);
      for (const other of ['STRASSE@example.com', 'strasse@example.com', 'STRA\u1e9eE@example.com']) {
        const res = await register(other);
        expect({ other, status: res.status, body: res.body }).toEqual({ other, status: 409, body: taken });
      }
      expect((await login('STRASSE@EXAMPLE.COM')).status).toBe(200);
    });
  });

  describe('sign-in', () => {
    it('the fullwidth spelling of a real address signs in to that account, not to another', async () => {
      const res = await login('\uff41dmin@example.com');
      expect(res.status).toBe(200);
      expect(res.body.user.email).toBe(ADMIN_LIKE);
    });

    it.each([...MIXED_SCRIPTS.map(([, email]) => email), 'ad\u200bmin@example.com', 'ad\u202emin@example.com'])(
      'a look-alike address %j is answered 400 (never 500, never signed in)',
      async (email) => {
        const res = await login(email);
        expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: confusable });
      },
    );
  });

  describe('admin create and edit', () => {
    it('create: fullwidth → 409, NFD of an NFC address → 409, mixed alphabets → 400, invisible → 400', async () => {
      const answers = {
        fullwidth: await adminCreate('\uff41dmin@example.com'),
        nfd: await adminCreate('rene\u0301.nfc@example.com'),
        cyrillic: await adminCreate('\u0430dmin@example.com'),
        zeroWidth: await adminCreate('ad\u200bmin@example.com'),
        upperSharpS: await adminCreate('STRA\u1e9eE@example.com'),
      };
      expect(Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, [r.status, r.body]]))).toEqual({
        fullwidth: [409, taken],
        nfd: [409, taken],
        cyrillic: [400, confusable],
        zeroWidth: [400, confusable],
        upperSharpS: [409, taken],
      });
    });

    it('create stores the normalised address, and that account signs in under any spelling that folds the same', async () => {
      const res = await adminCreate('\u0130lker.Admin@Example.com');
      expect(res.status).toBe(201);
      expect(res.body.user.email).toBe('\u0130lker.Admin@Example.com');
      expect((await login('i\u0307lker.admin@example.com')).status).toBe(200);
    });

    it('edit: another account cannot take a look-alike of a taken address; its own address in another form is fine', async () => {
      const other = await adminCreate('edit.target@example.com');
      expect(other.status).toBe(201);
      const id = other.body.user.id as number;
      const answers = {
        fullwidth: await adminUpdate(id, '\uff41dmin@example.com'),
        nfd: await adminUpdate(id, 'rene\u0301.nfc@example.com'),
        cyrillic: await adminUpdate(id, '\u0430dmin@example.com'),
        zeroWidth: await adminUpdate(id, 'ad\u200bmin@example.com'),
        dottedCapitalI: await adminUpdate(id, '\u0130NCI.X@example.com'),
      };
      expect(Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, [r.status, r.body]]))).toEqual({
        fullwidth: [409, taken],
        nfd: [409, taken],
        cyrillic: [400, confusable],
        zeroWidth: [400, confusable],
        dottedCapitalI: [409, taken],
      });
      const own = await adminUpdate(id, 'ＥＤＩＴ.target@example.com');
      expect(own.status).toBe(200);
      expect(own.body.user.email).toBe('EDIT.target@example.com');
      expect((await login('edit.TARGET@example.com')).status).toBe(200);
    });
  });

  it('concurrent sign-ups under spellings of one new address: exactly one account, the others 409, none 500', async () => {
    const spellings = [
      'race@example.com',
      '\uff52ace@example.com',
      'RACE@example.com',
      'Race@\uff45xample.com',
      'r\uff41ce@EXAMPLE.com',
      'ｒａｃｅ＠ｅｘａｍｐｌｅ．ｃｏｍ',
    ];
    const answers = await Promise.all(spellings.map((email) => register(email)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from users where email ilike 'race@example.com'`.execute(server.db);
    expect(rows[0].n).toBe(1);
  });

  it('the admin users list still searches and sorts by email', async () => {
    const search = await server.get('/api/admin/users?search=nci.x%40example&limit=50', { token: admin.token });
    expect(search.status).toBe(200);
    expect(search.body.users.map((u: { email: string }) => u.email)).toEqual(['\u0130nci.x@example.com']);
    const sorted = await server.get('/api/admin/users?sortBy=email&sortOrder=asc&limit=50', { token: admin.token });
    expect(sorted.status).toBe(200);
    const emails: string[] = sorted.body.users.map((u: { email: string }) => u.email);
    expect(emails).toContain(ADMIN_LIKE);
    expect(emails.length).toBe(sorted.body.total);
  });
});

describe.each(ENGINES)('migration 0005 over accounts an older version let in (%s)', (engine) => {
  let server: TestServer;
  const login = (email: string, role = 'normal_user') => server.post('/api/auth/login', { body: { email, password: PASSWORD, role } });

  beforeAll(async () => {
    server = await startTestServer(engine, {
      prepareDatabase: async (db, schema) => {
        await migrateUpTo(db, '0004_remote_health', schema);
        const hash = await hashPassword(PASSWORD);
        // In id order: the real account first, then what the old version let register beside it.
        const emails = [
          'Admin@Example.com',
          '\uff41dmin@example.com',
          'ADMIN@example.com\u200b',
          '\u0130nci.old@example.com',
          'rene\u0301.old@example.com',
          'stra\u00dfe.old@example.com',
          'STRASSE.old@example.com',
        ];
        for (const [i, email] of emails.entries()) {
          await sql`insert into users (name, email, address, password_hash, role) values (${`Existing Account Number ${i + 1}`}, ${email}, 'Old Road', ${hash}, 'normal_user')`.execute(
            db,
          );
        }
      },
    });
  });
  afterAll(() => server.close());

  it('an account the old version could never sign in to (İnci) now signs in', async () => {
    const res = await login('\u0130nci.old@example.com');
    expect(res.status).toBe(200);
    expect((await login('i\u0307nci.OLD@example.com')).body.user?.id).toBe(res.body.user.id);
  });

  it('the first of each group of look-alikes keeps the address; the later ones cannot be signed in to until an admin renames them', async () => {
    const first = await login('admin@example.com');
    expect(first.status).toBe(200);
    expect(first.body.user.email).toBe('Admin@Example.com');
    expect((await login('\uff41dmin@example.com')).body.user?.id).toBe(first.body.user.id);

    const ss = await login('STRASSE.OLD@example.com');
    expect(ss.status).toBe(200);
    expect(ss.body.user.email).toBe('stra\u00dfe.old@example.com');
  });

  it('the decomposed address is stored composed and signs in under both forms', async () => {
    const res = await login('ren\u00e9.old@example.com');
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe('ren\u00e9.old@example.com');
    expect((await login('rene\u0301.old@example.com')).status).toBe(200);
  });

  it('every row has a key, the keys are unique, and a later look-alike keeps its stored address for the admin to see', async () => {
    const { rows } = await sql<{
      id: number;
      email: string;
      email_key: string | null;
    }>`select id, email, email_key from users order by id`.execute(server.db);
    expect(rows.every((r) => typeof r.email_key === 'string' && r.email_key.length > 0)).toBe(true);
    expect(new Set(rows.map((r) => r.email_key)).size).toBe(rows.length);
    expect(rows.map((r) => r.email)).toEqual([
      'Admin@Example.com',
      '\uff41dmin@example.com',
      'ADMIN@example.com\u200b',
      '\u0130nci.old@example.com',
      'ren\u00e9.old@example.com',
      'stra\u00dfe.old@example.com',
      'STRASSE.old@example.com',
    ]);
  });

  it('an admin renames a quarantined look-alike to an address of its own, and it signs in again', async () => {
    const admin = await server.createUser('system_admin');
    const { rows } = await sql<{ id: number }>`select id from users where email = ${'STRASSE.old@example.com'}`.execute(server.db);
    const res = await server.put(`/api/admin/users/${rows[0].id}`, {
      token: admin.token,
      body: { name: 'Existing Account Number 7', email: 'strasse.renamed@example.com', address: 'Old Road', role: 'normal_user' },
    });
    expect(res.status).toBe(200);
    expect((await login('STRASSE.RENAMED@example.com')).body.user?.id).toBe(rows[0].id);
  });
});
