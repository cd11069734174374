import styles from './PageSpinner.module.css';

/** A centred spinner with a label screen readers announce. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.wrapper} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.label}>{label}…</span>
    </div>
  );
}
