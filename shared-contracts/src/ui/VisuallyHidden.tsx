import type { ComponentPropsWithRef } from 'react';
import { cx } from './describedBy';
import styles from './VisuallyHidden.module.css';

/** The class that hides an element from sight but not from screen readers (a chart's data table, a caption). */
export const visuallyHiddenClassName: string = styles.srOnly;

/** Text for screen readers only (e.g. 'Delete<VisuallyHidden> Jane Doe</VisuallyHidden>' in a table row). */
export function VisuallyHidden({ className, ...props }: ComponentPropsWithRef<'span'>) {
  return <span {...props} className={cx(styles.srOnly, className)} />;
}
