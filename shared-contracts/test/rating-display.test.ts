import { formatAverage, parseAverage, ratingBand, ratingLabel } from '../src';

describe('ratingLabel (spec §2 store detail)', () => {
  it.each([
    [5, 'Excellent'],
    [4.5, 'Excellent'],
    [4.44, 'Good'],
    [3.5, 'Good'],
    [3.44, 'Average'],
    [2.5, 'Average'],
    [2.44, 'Below Average'],
    [1.5, 'Below Average'],
    [1.44, 'Poor'],
    [1, 'Poor'],
    [0, 'Poor'],
  ] as const)('%p → %s', (avg, label) => {
    expect(ratingLabel(avg)).toBe(label);
  });

  it("accepts a string average: '4.6' → Excellent", () => expect(ratingLabel('4.6')).toBe('Excellent'));
  it("'3.50' → Good", () => expect(ratingLabel('3.50')).toBe('Good'));
  it('an unparsable string counts as 0 → Poor', () => expect(ratingLabel('n/a')).toBe('Poor'));
});

describe('ratingBand (spec §9 colour bands)', () => {
  it.each([
    [5, 'excellent'],
    [4.5, 'excellent'],
    [4.44, 'good'],
    [3.5, 'good'],
    [3.44, 'average'],
    [2.5, 'average'],
    [2.44, 'low'],
    [1.5, 'low'],
    [0, 'low'],
  ] as const)('%p → %s', (avg, band) => {
    expect(ratingBand(avg)).toBe(band);
  });
  it("accepts a string: '4.5' → excellent", () => expect(ratingBand('4.5')).toBe('excellent'));
  it('garbage → low', () => expect(ratingBand('garbage')).toBe('low'));
});

describe('the label and the band follow the number shown, never the unrounded average (issue 16)', () => {
  it.each([
    [3.45, '3.5', 'Good', 'good'],
    [4.46, '4.5', 'Excellent', 'excellent'],
    [4.45, '4.5', 'Excellent', 'excellent'],
    [2.45, '2.5', 'Average', 'average'],
    [1.45, '1.5', 'Below Average', 'low'],
    [3.449, '3.4', 'Average', 'average'],
    ['4.4999', '4.5', 'Excellent', 'excellent'],
  ] as const)('%p shows %s · %s in the %s band', (avg, shown, label, band) => {
    expect([formatAverage(avg), ratingLabel(avg), ratingBand(avg)]).toEqual([shown, label, band]);
  });
});

describe('formatAverage (one decimal place)', () => {
  it.each([
    [4, '4.0'],
    [0, '0.0'],
    [4.25, '4.3'],
    [4.44, '4.4'],
    [3.96, '4.0'],
    [5, '5.0'],
  ] as const)('%p → %s', (avg, shown) => {
    expect(formatAverage(avg)).toBe(shown);
  });
  it("a string average: '3.67' → '3.7'", () => expect(formatAverage('3.67')).toBe('3.7'));
  it("garbage → '0.0'", () => expect(formatAverage('abc')).toBe('0.0'));
});

describe('parseAverage', () => {
  it('returns a number unchanged', () => expect(parseAverage(3.25)).toBe(3.25));
  it('parses a numeric string', () => expect(parseAverage('4.75')).toBe(4.75));
  it.each([['abc'], [''], [null], [undefined], [{}], [[]], [NaN], [Infinity], [-Infinity], [true]])('garbage %p → 0', (v) => {
    expect(parseAverage(v)).toBe(0);
  });
});
