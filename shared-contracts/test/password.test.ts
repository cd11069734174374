import {
  PASSWORD_REQUIREMENT_LABELS,
  PASSWORD_STRENGTH_LABELS,
  checkPasswordRequirements,
  meetsPasswordRule,
  passwordStrength,
} from '../src';

/** A password of exactly `n` characters with an uppercase letter and a '#' (so only length can fail). */
const pw = (n: number) => ('A#' + 'b'.repeat(n)).slice(0, n);

describe('checkPasswordRequirements', () => {
  describe('length (8-16)', () => {
    it('7 characters fail', () => expect(checkPasswordRequirements(pw(7)).length).toBe(false));
    it('8 characters pass', () => expect(checkPasswordRequirements(pw(8)).length).toBe(true));
    it('16 characters pass', () => expect(checkPasswordRequirements(pw(16)).length).toBe(true));
    it('17 characters fail', () => expect(checkPasswordRequirements(pw(17)).length).toBe(false));
    it('empty fails', () => expect(checkPasswordRequirements('').length).toBe(false));
    it('counts characters, not UTF-16 units (an emoji is one character)', () => {
      // 15 ASCII + 1 emoji = 16 characters but 17 UTF-16 units
      expect(checkPasswordRequirements('A#' + 'b'.repeat(13) + '😀').length).toBe(true);
    });
  });

  describe('uppercase', () => {
    it('present', () => expect(checkPasswordRequirements('abcA').uppercase).toBe(true));
    it('absent (lowercase, digits, specials only)', () => expect(checkPasswordRequirements('abc123!@#').uppercase).toBe(false));
  });

  describe('special (one of !@#$%^&*)', () => {
    it.each(['!', '@', '#', '$', '%', '^', '&', '*'])('%s counts', (ch) => {
      expect(checkPasswordRequirements(`abc${ch}`).special).toBe(true);
    });
    it.each(['?', '-', '_', '.', '(', ')', '+', '=', '~', ' ', '/'])("'%s' does not count", (ch) => {
      expect(checkPasswordRequirements(`Abcdefg${ch}`).special).toBe(false);
    });
  });

  it('reports each key independently', () => {
    expect(checkPasswordRequirements('abc')).toEqual({ length: false, uppercase: false, special: false });
    expect(checkPasswordRequirements('Secret#123')).toEqual({ length: true, uppercase: true, special: true });
    expect(checkPasswordRequirements('secret#123')).toEqual({ length: true, uppercase: false, special: true });
    expect(checkPasswordRequirements('Secret1234')).toEqual({ length: true, uppercase: true, special: false });
    expect(checkPasswordRequirements('S#')).toEqual({ length: false, uppercase: true, special: true });
  });
});

describe('meetsPasswordRule', () => {
  it('rejects 7 characters', () => expect(meetsPasswordRule('Abcde#1')).toBe(false));
  it('accepts 8 characters', () => expect(meetsPasswordRule('Abcde#12')).toBe(true));
  it('accepts 16 characters', () => expect(meetsPasswordRule(pw(16))).toBe(true));
  it('rejects 17 characters', () => expect(meetsPasswordRule(pw(17))).toBe(false));
  it('rejects a password without an uppercase letter', () => expect(meetsPasswordRule('secret#123')).toBe(false));
  it('rejects a password without a special character', () => expect(meetsPasswordRule('Secret1234')).toBe(false));
  it("rejects a password whose only special character is '?' (outside !@#$%^&*)", () =>
    expect(meetsPasswordRule('Secret?123')).toBe(false));
  it('needs no digit and no lowercase letter', () => expect(meetsPasswordRule('ABCDEFG!')).toBe(true));
});

describe('PASSWORD_REQUIREMENT_LABELS', () => {
  it('lists length, uppercase, special in that order', () => {
    expect(PASSWORD_REQUIREMENT_LABELS.map((l) => l.key)).toEqual(['length', 'uppercase', 'special']);
    expect(PASSWORD_REQUIREMENT_LABELS[2].label).toContain('!@#$%^&*');
  });
});

describe('passwordStrength (spec §4)', () => {
  it('labels are the seven of the spec, in order', () => {
    expect(PASSWORD_STRENGTH_LABELS).toEqual(['Very Weak', 'Weak', 'Fair', 'Good', 'Strong', 'Very Strong', 'Excellent']);
  });

  describe('one case per score', () => {
    it('0 → Very Weak (empty)', () => expect(passwordStrength('')).toEqual({ score: 0, label: 'Very Weak' }));
    it("0 → Very Weak ('?' only: not a counted special)", () => expect(passwordStrength('?')).toEqual({ score: 0, label: 'Very Weak' }));
    it('1 → Weak (lowercase only)', () => expect(passwordStrength('abc')).toEqual({ score: 1, label: 'Weak' }));
    it('2 → Fair (lowercase + uppercase)', () => expect(passwordStrength('abC')).toEqual({ score: 2, label: 'Fair' }));
    it('3 → Good (lower + upper + digit)', () => expect(passwordStrength('aB3')).toEqual({ score: 3, label: 'Good' }));
    it('4 → Strong (lower + upper + digit + special)', () => expect(passwordStrength('aB3!')).toEqual({ score: 4, label: 'Strong' }));
    it('5 → Very Strong (all four classes + length 8)', () =>
      expect(passwordStrength('aB3!aaaa')).toEqual({ score: 5, label: 'Very Strong' }));
    it('6 → Excellent (all four classes + length 12)', () =>
      expect(passwordStrength('aB3!aaaaaaaa')).toEqual({ score: 6, label: 'Excellent' }));
  });

  describe('one point per criterion', () => {
    it('length 8 gives a point, 7 does not', () => {
      expect(passwordStrength('1111111').score).toBe(1); // digit only
      expect(passwordStrength('11111111').score).toBe(2); // digit + length>=8
    });
    it('length 12 gives another point, 11 does not', () => {
      expect(passwordStrength('11111111111').score).toBe(2);
      expect(passwordStrength('111111111111').score).toBe(3);
    });
    it('an uppercase letter gives a point', () => {
      expect(passwordStrength('A').score).toBe(1);
    });
    it('a lowercase letter gives a point', () => {
      expect(passwordStrength('a').score).toBe(1);
    });
    it('a digit gives a point', () => {
      expect(passwordStrength('7').score).toBe(1);
    });
    it('a special character from !@#$%^&* gives a point', () => {
      expect(passwordStrength('&').score).toBe(1);
    });
    it('repeated characters of one class count once', () => {
      expect(passwordStrength('AAA').score).toBe(1);
      expect(passwordStrength('!!!').score).toBe(1);
    });
    it('a space or other symbol gives nothing', () => {
      expect(passwordStrength(' ?-_').score).toBe(0);
    });
  });
});
