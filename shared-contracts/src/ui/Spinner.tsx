import styles from './Spinner.module.css';

export interface SpinnerProps {
  /** What the spinner waits for, e.g. 'Loading stores…'; screen readers announce it (role=status). */
  label: string;
  /** 'sm' is a little smaller, for dense screens. */
  size?: 'md' | 'sm';
  /** Inline and left-aligned, for a spinner inside a panel or dialog. */
  compact?: boolean;
}

/** A spinner with a label screen readers announce (role=status). */
export function Spinner({ label, size = 'md', compact = false }: SpinnerProps) {
  const classes = [styles.wrapper, size === 'sm' ? styles.sm : '', compact ? styles.compact : ''].filter(Boolean).join(' ');
  return (
    <div className={classes} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.label}>{label}</span>
    </div>
  );
}
