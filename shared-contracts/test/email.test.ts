/**
 * One spelling per address (src/email.ts, DESIGN.md §9): normalizeEmail (stored and shown),
 * emailKey (which account: NFKC and one case fold) and isConfusableEmail (invisible characters and
 * mixed alphabets), and how the schemas and form checks use them.
 */
import fc from 'fast-check';
import { MESSAGES, emailKey, firstMessage, isConfusableEmail, loginFormErrors, normalizeEmail, registrationFormErrors } from '../src';

const validateLoginForm = (v: Parameters<typeof loginFormErrors>[0]) => firstMessage(loginFormErrors(v));
const validateRegistrationForm = (v: Parameters<typeof registrationFormErrors>[0]) => firstMessage(registrationFormErrors(v));
import { adminStoreRequestSchema, adminUserUpdateRequestSchema, email, loginRequestSchema, optionalEmail } from '../src/schemas';
import { VALID_ADDRESS, VALID_NAME, VALID_PASSWORD, firstIssue, parsed } from './helpers';

describe('normalizeEmail', () => {
  it.each([
    ['  alex@example.com \t', 'alex@example.com'],
    ['\uff41dmin@example.com', 'admin@example.com'],
    ['ａｄｍｉｎ＠ｅｘａｍｐｌｅ．ｃｏｍ', 'admin@example.com'],
    ['rene\u0301@example.com', 'ren\u00e9@example.com'],
    ['o\ufb00ice@example.com', 'office@example.com'],
    ['\u{1d41a}dmin@example.com', 'admin@example.com'],
    // Case is kept: it is what the user typed and sees.
    ['\u0130nci.X@Example.com', '\u0130nci.X@Example.com'],
  ])('%j → %j', (raw, stored) => expect(normalizeEmail(raw)).toBe(stored));
});

describe('emailKey: one key for every spelling of an address', () => {
  const groups: string[][] = [
    ['admin@example.com', 'Admin@Example.COM', '\uff41dmin@example.com', 'ＡＤＭＩＮ＠ＥＸＡＭＰＬＥ．ＣＯＭ', ' admin@example.com '],
    ['\u0130nci.x@example.com', '\u0130NCI.X@EXAMPLE.COM', 'i\u0307nci.x@example.com', 'I\u0307nci.x@example.com'],
    ['stra\u00dfe@example.com', 'STRASSE@example.com', 'strasse@example.com', 'STRA\u1e9eE@example.com'],
    ['\u03c3\u03bf\u03c6\u03b9\u03b1@example.gr', '\u03a3\u039f\u03a6\u0399\u0391@example.gr'],
    ['ren\u00e9@example.com', 'rene\u0301@example.com', 'REN\u00c9@example.com', 'RENE\u0301@example.com'],
    [
      '\u0434\u043c\u0438\u0442\u0440\u0438\u0439@\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444',
      '\u0414\u041c\u0418\u0422\u0420\u0418\u0419@\u041f\u0420\u0418\u041c\u0415\u0420.\u0420\u0424',
    ],
  ];
  it.each(groups)('%j and its other spellings share one key', (...spellings) => {
    expect(new Set(spellings.map(emailKey)).size).toBe(1);
  });

  it('different addresses keep different keys', () => {
    const keys = groups.map((g) => emailKey(g[0]));
    expect(new Set(keys).size).toBe(groups.length);
    expect(emailKey('inci.x@example.com')).not.toBe(emailKey('\u0130nci.x@example.com'));
    expect(emailKey('\u0430dmin@example.com')).not.toBe(emailKey('admin@example.com'));
  });

  it('plain ASCII: the key is the lowercased address', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (address) => expect(emailKey(address)).toBe(address.toLowerCase())),
      { numRuns: 500 },
    );
  });

  it('is a fixed point: the key of a key, or of the normalised form, is the same key', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (raw) => {
        const key = emailKey(raw);
        expect(emailKey(key)).toBe(key);
        expect(emailKey(normalizeEmail(raw))).toBe(key);
        expect(emailKey(raw.toUpperCase())).toBe(emailKey(raw.toLowerCase()));
      }),
      { numRuns: Number(process.env.EMAIL_RUNS ?? 2000) },
    );
  });
});

describe('isConfusableEmail', () => {
  it.each([
    'alex@example.com',
    'user+tag_1-2@sub.example.co.uk',
    'jos\u00e9@example.com',
    'rene\u0301@example.com',
    '\u0130nci.x@example.com',
    'stra\u00dfe@example.de',
    'ｍａｒｙ＠ｅｘａｍｐｌｅ．ｃｏｍ',
    '\u0438\u0432\u0430\u043d@\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444',
    // One alphabet per label: a Latin name at a Cyrillic domain with a Latin top-level label.
    'ivan@\u043f\u0440\u0438\u043c\u0435\u0440.com',
    '\u03b4\u03bf\u03ba\u03b9\u03bc\u03ae@\u03c0\u03b1\u03c1\u03ac\u03b4\u03b5\u03b9\u03b3\u03bc\u03b1.\u03b4\u03bf\u03ba\u03b9\u03bc\u03ae',
    '\u7530\u4e2d\u305f\u308d\u3046@example.jp',
    '\u7528\u6237@\u4f8b\u5b50.\u5e7f\u544a',
    '\ud64d\uae38\ub3d9\u6f22@example.kr',
    '\u092e\u093e\u0928\u094d\u092f\u0924\u093e@\u0909\u0926\u093e\u0939\u0930\u0923.\u092a\u0930\u0940\u0915\u094d\u0937\u093e',
    'user\u0661\u0662@\u0645\u062b\u0627\u0644.\u0625\u062e\u062a\u0628\u0627\u0631'.replace(
      'user',
      '\u0645\u0633\u062a\u062e\u062f\u0645',
    ),
  ])('%j is not a look-alike', (address) => expect(isConfusableEmail(address)).toBe(false));

  it.each([
    ['Cyrillic а among Latin letters', '\u0430dmin@example.com'],
    ['Greek ο among Latin letters', 'adm\u03bfin@example.com'],
    ['Latin a among Cyrillic letters', '\u0438\u0432a\u043d@example.com'],
    ['a mixed domain label', 'admin@ex\u0430mple.com'],
    ['a mixed top-level label', 'admin@example.\u0441om'],
    ['Arabic-Indic digit among Latin letters', 'admin\u0661@example.com'],
    ['Armenian օ among Latin letters', 'j\u0585hn@example.com'],
    ['mathematical bold Cyrillic-looking mix after NFKC', '\u{1d41a}dm\u0456n@example.com'],
    ['zero-width space', 'ad\u200bmin@example.com'],
    ['zero-width joiner', 'ad\u200dmin@example.com'],
    ['word joiner', 'ad\u2060min@example.com'],
    ['BOM inside', 'ad\ufeffmin@example.com'],
    ['soft hyphen', 'ad\u00admin@example.com'],
    ['right-to-left override', 'admin@\u202emoc.elpmaxe'],
    ['left-to-right embedding', '\u202aadmin@example.com'],
    ['first-strong isolate', 'admin\u2068@example.com'],
    ['arabic letter mark', 'admin\u061c@example.com'],
    ['variation selector', 'a\ufe0fdmin@example.com'],
    ['Mongolian vowel separator', 'ad\u180emin@example.com'],
    ['combining grapheme joiner', 'ad\u034fmin@example.com'],
    ['Hangul filler', '\u3164admin@example.com'],
    ['halfwidth Hangul filler', 'ad\uffa0min@example.com'],
    ['tag character', 'admin\u{e0041}@example.com'],
    ['control character', 'ad\u0007min@example.com'],
    ['DEL', 'ad\u007fmin@example.com'],
    ['private use', 'ad\ue000min@example.com'],
    ['unassigned code point', 'ad\u0378min@example.com'],
    ['lone surrogate', 'ad\ud800min@example.com'],
  ])('%s: %j is a look-alike', (_label, address) => expect(isConfusableEmail(address)).toBe(true));

  it('any string is answered, and quickly (a long mix of every script)', () => {
    const soup = Array.from({ length: 254 }, (_, i) => String.fromCodePoint(0x0400 + ((i * 97) % 0x2000))).join('');
    const started = performance.now();
    expect(typeof isConfusableEmail(soup)).toBe('boolean');
    expect(performance.now() - started).toBeLessThan(250);
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => expect(typeof isConfusableEmail(s)).toBe('boolean')));
  });
});

describe('the schemas and form checks', () => {
  it("an account's email is stored in its NFKC form", () => {
    expect(parsed(email('REQ'), ' ａｄｍｉｎ＠ｅｘａｍｐｌｅ．ｃｏｍ ')).toBe('admin@example.com');
    expect(parsed(email('REQ'), 'rene\u0301@example.com')).toBe('ren\u00e9@example.com');
  });

  it("an account's email that is a look-alike is refused with its own message", () => {
    expect(firstIssue(email('REQ'), '\u0430dmin@example.com')).toBe(MESSAGES.emailConfusable);
    expect(firstIssue(email('REQ'), 'ad\u200bmin@example.com')).toBe(MESSAGES.emailConfusable);
    expect(firstIssue(adminUserUpdateRequestSchema, { name: VALID_NAME, email: 'adm\u03bfin@example.com', role: 'normal_user' })).toBe(
      MESSAGES.emailConfusable,
    );
  });

  it('the shape is checked on the NFKC form: a fullwidth ＠ that makes two @ is not an address', () => {
    expect(firstIssue(email('REQ'), 'a\uff20b@example.com')).toBe(MESSAGES.invalidEmail);
  });

  it('the length is checked before and after NFKC', () => {
    // U+FDFA is one character that NFKC writes as 18.
    const grown = `${'\ufdfa'.repeat(14)}@example.com`;
    expect(grown.length).toBeLessThan(254);
    expect(firstIssue(email('REQ'), grown)).toBe(MESSAGES.emailTooLong);
  });

  it('sign-in: a look-alike is refused before any account is looked for; the address is normalised', () => {
    expect(firstIssue(loginRequestSchema, { email: '\u0430dmin@example.com', password: 'x', role: 'normal_user' })).toBe(
      MESSAGES.emailConfusable,
    );
    expect(parsed(loginRequestSchema, { email: ' \uff41dmin@example.com', password: 'x', role: 'normal_user' }).email).toBe(
      'admin@example.com',
    );
    // Any other text may still be tried (and is answered 401 by the API).
    expect(firstIssue(loginRequestSchema, { email: 'not an address', password: 'x', role: 'normal_user' })).toBeNull();
    expect(validateLoginForm({ email: '\u0430dmin@example.com', password: 'x' })).toBe(MESSAGES.emailConfusable);
    expect(validateLoginForm({ email: ' \uff41dmin@example.com ', password: 'x' })).toBeNull();
  });

  it('the registration form says what the API would', () => {
    const form = { name: VALID_NAME, address: VALID_ADDRESS, password: VALID_PASSWORD, confirmPassword: VALID_PASSWORD };
    expect(validateRegistrationForm({ ...form, email: '\u0430dmin@example.com' })).toBe(MESSAGES.emailConfusable);
    expect(validateRegistrationForm({ ...form, email: 'ａｄｍｉｎ＠ｅｘａｍｐｌｅ．ｃｏｍ' })).toBeNull();
  });

  it("a store's contact email refuses look-alikes too, and is kept as typed", () => {
    expect(firstIssue(optionalEmail(), 'support@p\u0430ypal.com')).toBe(MESSAGES.emailConfusable);
    const store = { name: 'Corner Store', address: VALID_ADDRESS, owner_id: 1 };
    expect(firstIssue(adminStoreRequestSchema, { ...store, email: 'help@\u0435xample.com' })).toBe(MESSAGES.emailConfusable);
    expect(parsed(adminStoreRequestSchema, { ...store, email: 'help@example.com' }).email).toBe('help@example.com');
  });
});
