import {
  averageText,
  formatCount,
  formatDate,
  formatGrowth,
  formatMonth,
  formatNumber,
  formatPlural,
  percentOf,
  ratingsCount,
  relativeTime,
  starsCount,
  starsLabel,
  storesCount,
  trendOf,
} from '../../src';
import { formatCount as uiFormatCount, formatListTotal } from '../../src/ui';

/** The number as the reader's locale writes it (the expectations hold in any locale). */
const local = (n: number, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(undefined, options).format(n);

describe('numbers', () => {
  it('groups thousands with the locale', () => {
    expect(formatCount(1234567)).toBe(local(1234567));
    expect(new Intl.NumberFormat('en').format(1234)).toBe('1,234');
    expect(formatNumber(1234.5, { maximumFractionDigits: 1 })).toBe(local(1234.5, { maximumFractionDigits: 1 }));
  });

  it('is one formatCount for the main entry and the ui kit', () => {
    expect(uiFormatCount).toBe(formatCount);
    expect(formatListTotal({ total: 5000, totalCapped: true })).toBe(`${local(5000)}+`);
  });

  it('treats what is not a finite number as 0', () => {
    expect(formatCount(Number.NaN)).toBe('0');
  });
});

describe('counts with plural', () => {
  it.each([
    [ratingsCount, 1, '1 rating'],
    [ratingsCount, 0, '0 ratings'],
    [starsCount, 4, '4 stars'],
    [starsLabel, 1, '1 star'],
    [storesCount, 3, '3 stores'],
  ])('%p(%p) is %p', (fn, n, text) => {
    expect(fn(n)).toBe(text);
  });

  it('groups the number of a count', () => {
    expect(ratingsCount(1234)).toBe(`${local(1234)} ratings`);
    expect(formatPlural(2, 'category', 'categories')).toBe('2 categories');
  });
});

describe('averages and changes', () => {
  it('shows an average with one decimal, or a dash when there is none', () => {
    expect(averageText(4.26)).toBe('4.3');
    expect(averageText('3')).toBe('3.0');
    expect(averageText(null)).toBe('—');
    expect(averageText(4, 0)).toBe('—');
  });

  it('signs a change with one decimal', () => {
    expect(formatGrowth(12.46)).toBe(`+${local(12.5, { minimumFractionDigits: 1 })}%`);
    expect(formatGrowth(-3.21)).toBe(`-${local(3.2, { minimumFractionDigits: 1 })}%`);
    expect(formatGrowth(0.04)).toBe(`${local(0, { minimumFractionDigits: 1 })}%`);
    expect(trendOf(0.04)).toBe('flat');
    expect(trendOf(-0.06)).toBe('down');
  });

  it('gives a share as a whole percent', () => {
    expect(percentOf(1, 3)).toBe('33%');
    expect(percentOf(1, 0)).toBe('0%');
  });
});

describe('dates', () => {
  it('formats a date in the locale, and nothing for an unparsable one', () => {
    expect(formatDate('2024-03-05T12:00:00Z')).toBe(
      new Date('2024-03-05T12:00:00Z').toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }),
    );
    expect(formatDate('nope')).toBe('');
  });

  it('formats a month', () => {
    expect(formatMonth('2026-03', 'long')).toBe(
      new Date(Date.UTC(2026, 2, 1)).toLocaleDateString(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    );
    expect(formatMonth('bad', 'short')).toBe('bad');
  });

  it('says how long ago, and the date from four weeks on', () => {
    const now = Date.parse('2024-03-10T12:00:00Z');
    const words = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
    expect(relativeTime('2024-03-10T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2024-03-10T11:55:00Z', now)).toBe(words.format(-5, 'minute'));
    expect(relativeTime('2024-03-09T12:00:00Z', now)).toBe(words.format(-1, 'day'));
    expect(relativeTime('2024-01-01T12:00:00Z', now)).toBe(formatDate('2024-01-01T12:00:00Z'));
    expect(relativeTime('x', now)).toBe('');
  });
});
