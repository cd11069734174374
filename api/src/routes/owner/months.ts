/** Calendar months (UTC) for the owner dashboard's trend. */

export interface MonthRange {
  /** 'YYYY-MM' of each month, oldest first, the month of `now` last. */
  keys: string[];
  /** The first instant of the oldest month. */
  from: Date;
  /** The first instant of the month after the month of `now`. */
  to: Date;
}

const monthKey = (date: Date) => `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;

/** The `count` calendar months ending with the month of `now`, in UTC. */
export function lastMonths(now: Date, count: number): MonthRange {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const keys: string[] = [];
  for (let back = count - 1; back >= 0; back--) keys.push(monthKey(new Date(Date.UTC(year, month - back, 1))));
  return { keys, from: new Date(Date.UTC(year, month - (count - 1), 1)), to: new Date(Date.UTC(year, month + 1, 1)) };
}
