/**
 * What the API must answer, worked out in the test from the inputs alone (no server involved): store
 * figures from a list of ratings, and list orders.
 */
import { averageOf as averageOfSum } from '../../src/http/dto';

/** Rating counts per star, as the API reports them. */
export type Distribution = Record<'1' | '2' | '3' | '4' | '5', number>;

/** Average as the API reports it: sum / count rounded to 2 decimals, 0 without ratings. */
export const averageOf = (ratings: number[]) =>
  averageOfSum(
    ratings.reduce((a, b) => a + b, 0),
    ratings.length,
  );

/** The figures of a store whose ratings are `ratings`, as the API reports them (e.g. `storeStats`). */
export function statsOf(ratings: number[]) {
  const distribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } as Distribution;
  for (const r of ratings) distribution[String(r) as keyof Distribution]++;
  return {
    average_rating: averageOf(ratings),
    total_ratings: ratings.length,
    rating_distribution: distribution,
  };
}

/** The ids of `rows` in the order the API must give them: key, then id, both in `order`. */
export function expectedOrder<T extends { id: number }>(rows: T[], key: (row: T) => string | number, order: 'asc' | 'desc'): number[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      if (ka < kb) return -sign;
      if (ka > kb) return sign;
      return (a.id - b.id) * sign;
    })
    .map((r) => r.id);
}
