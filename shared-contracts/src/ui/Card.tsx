import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import styles from './Card.module.css';
import { cx } from './describedBy';

export interface CardProps extends Omit<ComponentPropsWithRef<'section'>, 'title'> {
  /** The card's heading; the section is labelled by it (a region landmark). */
  title?: ReactNode;
  /** h2 by default; h3 for a card inside a section that has its own h2. */
  headingLevel?: 2 | 3;
  /** A line under the heading. */
  description?: ReactNode;
  /** Links or buttons at the end of the heading row. */
  actions?: ReactNode;
}

/** A panel of the page: a bordered surface, optionally with a heading, description and actions. */
/** The kit's raised-surface look (border, radius, background, shadow) for a screen's own card-like element. */
export const surfaceClassName: string = styles.surface;

export function Card({ title, headingLevel = 2, description, actions, className, children, ...section }: CardProps) {
  const titleId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const labelled = title !== undefined && section['aria-label'] === undefined && section['aria-labelledby'] === undefined;
  return (
    <section aria-labelledby={labelled ? titleId : undefined} {...section} className={cx(styles.card, className)}>
      {(title !== undefined || actions) && (
        <div className={styles.head}>
          <div className={styles.heading}>
            {title !== undefined && (
              <Heading id={titleId} className={styles.title}>
                {title}
              </Heading>
            )}
            {description && <p className={styles.description}>{description}</p>}
          </div>
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}
