import { type ReactNode, useId } from 'react';
import styles from './Section.module.css';

/** A part of an admin page under its own h2 (a region named by it), without the panel frame of the kit's Card. */
export function Section({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className={`${styles.section} ${className ?? ''}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}
