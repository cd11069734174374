import { MESSAGES } from '../src';
import {
  MAX_ID,
  email,
  idParam,
  newPassword,
  optionalAddress,
  optionalComment,
  optionalEmail,
  optionalPhone,
  personName,
  referenceId,
  requiredAddress,
  requiredText,
  role,
  starRating,
  storeName,
} from '../src/schemas';
import { chars, firstIssue, nameOf, parsed } from './helpers';

const REQ = 'REQUIRED';

describe('requiredText', () => {
  const s = requiredText(REQ);
  it.each([[undefined], [null], [''], ['   '], ['\t\n'], [42]])('%p → the required message', (v) => {
    expect(firstIssue(s, v)).toBe(REQ);
  });
  it('trims', () => expect(parsed(s, '  hi  ')).toBe('hi'));
  it('rejects a NUL character', () => expect(firstIssue(s, 'a\u0000b')).toBe(MESSAGES.invalidText));
});

describe('personName (20-60 after trimming)', () => {
  const s = personName(REQ);
  it('19 characters → name length message', () => expect(firstIssue(s, nameOf(19))).toBe(MESSAGES.nameLength));
  it('20 characters accepted', () => expect(parsed(s, nameOf(20))).toBe(nameOf(20)));
  it('60 characters accepted', () => expect(parsed(s, nameOf(60))).toBe(nameOf(60)));
  it('61 characters → name length message', () => expect(firstIssue(s, nameOf(61))).toBe(MESSAGES.nameLength));
  it('blank → required, not name length', () => expect(firstIssue(s, '    ')).toBe(REQ));
  it('padding does not count: 19 characters padded to 25 are still too short', () =>
    expect(firstIssue(s, `   ${nameOf(19)}   `)).toBe(MESSAGES.nameLength));
  it('padding does not count: 60 characters padded to 64 are accepted, trimmed', () =>
    expect(parsed(s, `  ${nameOf(60)}  `)).toBe(nameOf(60)));
});

describe('email', () => {
  const s = email(REQ);
  it.each(['a@b.co', 'alex@example.com', 'first.last+tag@mail.example.org'])('accepts %s', (v) => {
    expect(firstIssue(s, v)).toBeNull();
  });
  it.each(['alex', 'alex@', '@example.com', 'alex@example', 'alex @example.com', 'a@b@c.com', 'alex@example.'])(
    'rejects %s with the invalid email message',
    (v) => {
      expect(firstIssue(s, v)).toBe(MESSAGES.invalidEmail);
    },
  );
  it('missing → required', () => expect(firstIssue(s, undefined)).toBe(REQ));
  it('trims', () => expect(parsed(s, '  a@b.co ')).toBe('a@b.co'));
  it('254 characters accepted, 255 rejected as too long', () => {
    const at254 = `${chars(254 - '@example.com'.length)}@example.com`;
    expect(at254).toHaveLength(254);
    expect(firstIssue(s, at254)).toBeNull();
    expect(firstIssue(s, `a${at254}`)).toBe(MESSAGES.emailTooLong);
  });
});

describe('requiredAddress (at most 400)', () => {
  const s = requiredAddress(REQ);
  it('400 characters accepted', () => expect(firstIssue(s, chars(400))).toBeNull());
  it('401 characters → address message', () => expect(firstIssue(s, chars(401))).toBe(MESSAGES.addressMax));
  it('blank → required', () => expect(firstIssue(s, ' ')).toBe(REQ));
  it('1 character accepted', () => expect(parsed(s, ' x ')).toBe('x'));
});

describe('optionalAddress', () => {
  const s = optionalAddress();
  it("missing → ''", () => expect(parsed(s, undefined)).toBe(''));
  it("blank → ''", () => expect(parsed(s, '   ')).toBe(''));
  it('400 accepted, 401 rejected', () => {
    expect(firstIssue(s, chars(400))).toBeNull();
    expect(firstIssue(s, chars(401))).toBe(MESSAGES.addressMax);
  });
});

describe('newPassword', () => {
  const s = newPassword(REQ);
  it('missing → required', () => expect(firstIssue(s, undefined)).toBe(REQ));
  it("'' → required", () => expect(firstIssue(s, '')).toBe(REQ));
  it('rule violation → password requirements', () => expect(firstIssue(s, 'weakpass')).toBe(MESSAGES.passwordRequirements));
  it('is not trimmed (a trailing space is part of the password)', () => expect(parsed(s, 'Secret#1 ')).toBe('Secret#1 '));
  it('16 characters plus padding are 17+ characters, rejected (not trimmed)', () =>
    expect(firstIssue(s, ' Secret#123456789')).toBe(MESSAGES.passwordRequirements));
});

describe('role', () => {
  const s = role(REQ);
  it.each(['system_admin', 'store_owner', 'normal_user'])('accepts %s', (r) => expect(parsed(s, r)).toBe(r));
  it.each([[undefined], [null], ['']])('%p → required', (v) => expect(firstIssue(s, v)).toBe(REQ));
  it.each(['admin', 'root', 'SYSTEM_ADMIN'])('%s → invalid role', (v) => expect(firstIssue(s, v)).toBe(MESSAGES.invalidRole));
});

describe('storeName (3-100)', () => {
  const s = storeName(REQ);
  it('2 characters → store name message', () => expect(firstIssue(s, 'ab')).toBe(MESSAGES.storeNameLength));
  it('3 characters accepted', () => expect(firstIssue(s, 'abc')).toBeNull());
  it('100 characters accepted', () => expect(firstIssue(s, chars(100))).toBeNull());
  it('101 characters → store name message', () => expect(firstIssue(s, chars(101))).toBe(MESSAGES.storeNameLength));
  it('blank → required', () => expect(firstIssue(s, '  ')).toBe(REQ));
  it('trimmed before measuring', () => expect(firstIssue(s, '  ab  ')).toBe(MESSAGES.storeNameLength));
});

describe('optionalPhone', () => {
  const s = optionalPhone();
  it.each([[undefined], [null], [''], ['   ']])('%p → null', (v) => expect(parsed(s, v) ?? null).toBeNull());
  it.each(['+1 (555) 123-4567', '0123456789', '555.123.4567'])('accepts %s', (v) => expect(firstIssue(s, v)).toBeNull());
  it.each(['abc', '12', 'call me', chars(21, '1')])('rejects %s', (v) => expect(firstIssue(s, v)).toBe(MESSAGES.invalidPhone));
});

describe('optionalEmail', () => {
  const s = optionalEmail();
  it.each([[undefined], [null], [''], ['  ']])('%p → null', (v) => expect(parsed(s, v) ?? null).toBeNull());
  it('accepts a valid address', () => expect(parsed(s, ' shop@example.com ')).toBe('shop@example.com'));
  it('rejects an invalid address', () => expect(firstIssue(s, 'shop@')).toBe(MESSAGES.invalidEmail));
});

describe('starRating (integer 1-5)', () => {
  const s = starRating();
  it.each([1, 2, 3, 4, 5])('%p accepted', (v) => expect(parsed(s, v)).toBe(v));
  it.each([[0], [6], [2.5], ['3'], [null], [undefined], [NaN], [-1]])('%p → select a rating', (v) => {
    expect(firstIssue(s, v)).toBe(MESSAGES.selectRating);
  });
});

describe('optionalComment (at most 500)', () => {
  const s = optionalComment();
  it('500 characters accepted', () => expect(firstIssue(s, chars(500))).toBeNull());
  it('501 characters → comment message', () => expect(firstIssue(s, chars(501))).toBe(MESSAGES.commentMax));
  it.each([[undefined], [null], [''], ['   ']])('%p → null', (v) => expect(parsed(s, v) ?? null).toBeNull());
  it('trims', () => expect(parsed(s, '  nice  ')).toBe('nice'));
});

describe('referenceId', () => {
  const s = referenceId(REQ, 'BAD');
  it('accepts a number', () => expect(parsed(s, 7)).toBe(7));
  it("accepts a numeric string ('7' → 7)", () => expect(parsed(s, '7')).toBe(7));
  it.each([[undefined], [null], ['']])('%p → required', (v) => expect(firstIssue(s, v)).toBe(REQ));
  it.each([[0], [-3], [1.5], ['abc'], [MAX_ID + 1], ['2147483648']])('%p → invalid', (v) => expect(firstIssue(s, v)).toBe('BAD'));
  it('accepts MAX_ID', () => expect(parsed(s, MAX_ID)).toBe(MAX_ID));
});

describe('idParam (path id)', () => {
  const s = idParam();
  it('MAX_ID is the PostgreSQL integer maximum', () => expect(MAX_ID).toBe(2147483647));
  it("'1' → 1", () => expect(parsed(s, '1')).toBe(1));
  it("'2147483647' → 2147483647", () => expect(parsed(s, '2147483647')).toBe(2147483647));
  it.each(['0', '-1', '1.5', 'abc', '2147483648', '01', '', ' 1', '1e3', '9999999999', '12345678901'])('%p → Invalid id', (v) => {
    expect(firstIssue(s, v)).toBe(MESSAGES.invalidId);
  });
  it('a number (not a string) is rejected', () => expect(firstIssue(s, 1)).toBe(MESSAGES.invalidId));
});
