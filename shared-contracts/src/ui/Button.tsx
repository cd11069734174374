import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import styles from './Button.module.css';
import { cx } from './describedBy';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'dangerGhost';
export type ButtonSize = 'sm' | 'md';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  /**
   * primary (filled), secondary (outlined), danger (filled red, for the confirming button of a delete),
   * ghost (no border until hovered), dangerGhost (outlined, red text: a row's or a panel's Delete button).
   */
  variant?: ButtonVariant;
  /** 'sm' for row actions inside tables. */
  size?: ButtonSize;
  /** Takes the full width of its container. */
  block?: boolean;
  /**
   * A request started by this button is on its way: a spinner shows, aria-busy is set and clicks are
   * ignored, but the button stays focusable (aria-disabled rather than disabled, so focus is not lost).
   */
  busy?: boolean;
  /** What the button says while busy, e.g. 'Deleting…'; its usual text by default. */
  busyLabel?: ReactNode;
}

/**
 * The Button's look for another element: a router Link that reads as a button, or a class name a
 * component takes for its own button (`<Link to="/stores" className={buttonClassName({ variant: 'secondary' })}>`).
 */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  block = false,
}: Pick<ButtonProps, 'variant' | 'size' | 'block'> = {}): string {
  return cx(styles.button, styles[variant], size === 'sm' && styles.sm, block && styles.block);
}

/** The one button of every app: type="button" unless told otherwise. */
export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  busy = false,
  busyLabel,
  type = 'button',
  className,
  children,
  onClick,
  ...props
}: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      {...props}
      type={type}
      className={cx(buttonClassName({ variant, size, block }), className)}
      aria-busy={busy || undefined}
      aria-disabled={busy || props['aria-disabled'] || undefined}
      onClick={handleClick}
    >
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
