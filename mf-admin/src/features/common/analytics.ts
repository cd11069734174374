/** Figures derived from the admin dashboard's rating distribution. */
import { RATING_VALUES, type RatingDistribution } from 'shared-contracts';

export function distributionTotal(distribution: RatingDistribution): number {
  return RATING_VALUES.reduce((sum, star) => sum + (distribution[String(star) as keyof RatingDistribution] ?? 0), 0);
}

/** The mean star rating over every rating, or null when there are none. */
export function distributionAverage(distribution: RatingDistribution): number | null {
  const total = distributionTotal(distribution);
  if (total === 0) return null;
  const sum = RATING_VALUES.reduce((acc, star) => acc + star * (distribution[String(star) as keyof RatingDistribution] ?? 0), 0);
  return sum / total;
}

export function countFor(distribution: RatingDistribution, star: number): number {
  return distribution[String(star) as keyof RatingDistribution] ?? 0;
}
