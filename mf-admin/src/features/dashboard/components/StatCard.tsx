import { type CSSProperties, useId } from 'react';
import { formatCount, formatGrowth, trendOf } from 'shared-contracts';
import { Icon, type IconName } from 'shared-contracts/ui';
import styles from './StatCard.module.css';

export interface StatCardProps {
  label: string;
  /** The kit's icon beside the label (decorative: the label says it). */
  icon: IconName;
  value: number;
  /** Percent change over the last 30 days. */
  growth: number;
  /** What the change is called, e.g. 'Rating Growth'. */
  growthLabel: string;
  accent: string;
}

/** One statistic with its real growth over the last 30 days ('+12.5%'). */
export function StatCard({ label, icon, value, growth, growthLabel, accent }: StatCardProps) {
  const id = useId();
  return (
    <article className={styles.card} aria-labelledby={id} style={{ '--accent': accent } as CSSProperties}>
      <h3 id={id} className={styles.label}>
        <Icon name={icon} className={styles.icon} />
        {label}
      </h3>
      <p className={styles.value}>{formatCount(value)}</p>
      <p className={styles.growth}>
        <span>{growthLabel}</span>
        <span className={styles.change} data-trend={trendOf(growth)}>
          {formatGrowth(growth)}
        </span>
        <span>in the last 30 days</span>
      </p>
    </article>
  );
}
