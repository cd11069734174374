import styles from './Spinner.module.css';

/** A spinner with a label screen readers announce (role=status). */
export function Spinner({ label, compact = false }: { label: string; compact?: boolean }) {
  return (
    <div className={`${styles.wrapper} ${compact ? styles.compact : ''}`} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.label}>{label}</span>
    </div>
  );
}
