import { AVERAGE_DISPLAY_DECIMALS, RATING_BAND_THRESHOLDS } from './constants';

export type RatingLabel = 'Excellent' | 'Good' | 'Average' | 'Below Average' | 'Poor';
/** The four colour bands of an average (spec §9): 4.5+, 3.5+, 2.5+, below 2.5. */
export type RatingBand = 'excellent' | 'good' | 'average' | 'low';

/** An average may arrive as a string (spec §3); anything unparsable counts as 0. */
export function parseAverage(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : NaN;
  return Number.isFinite(n) ? n : 0;
}

const DISPLAY_SCALE = 10 ** AVERAGE_DISPLAY_DECIMALS;

/**
 * The average as it is shown: rounded half up to one decimal place, in decimal (3.45 → 3.5, 1.45 → 1.5,
 * where binary floating point alone would give 1.4). The label and the colour band follow this number,
 * never the unrounded one, so "4.5" is always Excellent and two cards showing the same figure match.
 */
export function shownAverage(average: number | string): number {
  const scaled = Number((parseAverage(average) * DISPLAY_SCALE).toPrecision(12));
  return Math.round(scaled) / DISPLAY_SCALE;
}

/** Excellent at 4.5 or more, Good at 3.5, Average at 2.5, Below Average at 1.5, otherwise Poor: of the average as shown. */
export function ratingLabel(average: number | string): RatingLabel {
  const avg = shownAverage(average);
  if (avg >= 4.5) return 'Excellent';
  if (avg >= 3.5) return 'Good';
  if (avg >= 2.5) return 'Average';
  if (avg >= 1.5) return 'Below Average';
  return 'Poor';
}

/** The colour band of the average as shown (spec §9 thresholds). */
export function ratingBand(average: number | string): RatingBand {
  const avg = shownAverage(average);
  if (avg >= RATING_BAND_THRESHOLDS.excellent) return 'excellent';
  if (avg >= RATING_BAND_THRESHOLDS.good) return 'good';
  if (avg >= RATING_BAND_THRESHOLDS.average) return 'average';
  return 'low';
}

/** The average as shown: one decimal place (shownAverage). */
export function formatAverage(average: number | string): string {
  return shownAverage(average).toFixed(AVERAGE_DISPLAY_DECIMALS);
}
