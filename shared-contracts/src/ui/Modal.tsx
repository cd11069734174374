/**
 * An accessible modal dialog (from mf-admin's Modal): role=dialog (or alertdialog), aria-modal, labelled
 * by its title and optionally described. Focus moves into it when it opens (`initialFocus`, else the
 * first control), Tab and Shift+Tab stay inside, Escape and the close button call `onClose` (not while
 * `busy`), focus returns to the element that opened it, and the page behind does not scroll. It renders
 * into document.body. Render it while open, unmount it to close. Dialogs may open over dialogs: only the
 * top one traps focus and answers Escape.
 */
import { type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './describedBy';
import styles from './Modal.module.css';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(root: HTMLElement | null): HTMLElement[] {
  if (!root) return [];
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden], [inert]'));
}

/** The open dialogs, the top one last: only it keeps focus inside itself. */
const openDialogs: HTMLElement[] = [];

export interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Id of the element that describes the dialog (aria-describedby). */
  describedBy?: string;
  /** Where focus goes when the dialog opens; the first control (other than the close button) by default. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** While true, Escape and the close button do nothing (a request is on its way); sets aria-busy. */
  busy?: boolean;
  /** 'alertdialog' for a confirmation that interrupts the user. */
  role?: 'dialog' | 'alertdialog';
  size?: 'narrow' | 'normal' | 'wide';
  /** A click on the dimmed page closes it (for read-only dialogs). */
  closeOnBackdrop?: boolean;
  /** The close button's accessible name; 'Close dialog' by default. */
  closeLabel?: string;
  className?: string;
}

export function Modal({
  title,
  onClose,
  children,
  describedBy,
  initialFocus,
  busy = false,
  role = 'dialog',
  size = 'normal',
  closeOnBackdrop = false,
  closeLabel = 'Close dialog',
  className,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(() => {});
  useEffect(() => {
    closeRef.current = () => {
      if (!busy) onClose();
    };
  });

  // Focus in on open, back to the opener on close; the page behind does not scroll meanwhile.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) openDialogs.push(dialog);
    const target = initialFocus?.current ?? focusableIn(dialog).find((el) => el.dataset.modalClose === undefined) ?? dialog;
    target?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    // Focus that leaves the top dialog by other means than Tab (a click, a screen reader) comes back.
    const keepFocusInside = (event: FocusEvent) => {
      if (!dialog || openDialogs[openDialogs.length - 1] !== dialog) return;
      if (event.target instanceof Node && !dialog.contains(event.target)) dialog.focus();
    };
    document.addEventListener('focusin', keepFocusInside);
    return () => {
      document.removeEventListener('focusin', keepFocusInside);
      const index = dialog ? openDialogs.lastIndexOf(dialog) : -1;
      if (index >= 0) openDialogs.splice(index, 1);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
    // Runs once per opening: the dialog is mounted while open.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening: initialFocus is read when the dialog opens
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const dialog = dialogRef.current;
    // A key pressed inside a dialog opened over this one bubbles here through React's tree: not ours.
    if (!dialog || !(event.target instanceof Node) || !dialog.contains(event.target)) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      closeRef.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusableIn(dialog);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || active === dialog)) {
      event.preventDefault();
      first.focus();
    }
  };

  const onBackdrop = (event: MouseEvent<HTMLDivElement>) => {
    if (closeOnBackdrop && event.target === event.currentTarget) closeRef.current();
  };

  return createPortal(
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a click on the dimmed page is a mouse shortcut; Escape and the close button are the keyboard's ways
    <div className={styles.backdrop} onMouseDown={onBackdrop}>
      <div
        ref={dialogRef}
        className={cx(styles.dialog, size === 'wide' && styles.wide, size === 'narrow' && styles.narrow, className)}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        aria-busy={busy || undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button
            type="button"
            className={styles.close}
            aria-label={closeLabel}
            data-modal-close=""
            disabled={busy}
            onClick={() => closeRef.current()}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className={styles.body}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}
