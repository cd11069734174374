/**
 * The one confirmation of every delete (and other irreversible commands), from mf-admin's ConfirmDialog:
 * an alertdialog whose description is the question, with Cancel focused first so Enter never confirms by
 * accident. `useConfirm()` gives the same dialog as a promise, in place of the browser's confirm().
 */
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from './Button';
import styles from './ConfirmDialog.module.css';
import { Modal } from './Modal';

export interface ConfirmDialogProps {
  title: string;
  /** The question, e.g. 'Are you sure you want to delete this user?'. */
  message: ReactNode;
  /** What exactly is about to go (a name, what goes with it). */
  detail?: ReactNode;
  /** The confirming button's text, e.g. 'Delete user'; 'Confirm' by default. */
  confirmLabel?: string;
  /** The confirming button's text while busy, e.g. 'Deleting…'. */
  busyLabel?: string;
  cancelLabel?: string;
  /** 'danger' (default): a red confirming button, for deletes; 'primary' for other commands. */
  tone?: 'danger' | 'primary';
  /** The confirmed command is on its way: the confirming button shows a spinner, nothing closes the dialog. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  title,
  message,
  detail,
  confirmLabel = 'Confirm',
  busyLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal title={title} role="alertdialog" size="narrow" describedBy={messageId} initialFocus={cancelRef} busy={busy} onClose={onCancel}>
      <div id={messageId}>
        <p className={styles.message}>{message}</p>
        {detail && <p className={styles.detail}>{detail}</p>}
      </div>
      <div className={styles.actions}>
        <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant={tone} busy={busy} busyLabel={busyLabel} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}

export type ConfirmOptions = Omit<ConfirmDialogProps, 'busy' | 'busyLabel' | 'onConfirm' | 'onCancel'>;

export interface UseConfirm {
  /** Opens the dialog; resolves true when confirmed, false when cancelled (Cancel, Escape, the close button). */
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  /** The dialog while one is asked (null otherwise): render it anywhere in the component. */
  dialog: ReactNode;
}

/**
 * The confirmation as a promise, in place of the browser's confirm():
 *   const { confirm, dialog } = useConfirm();
 *   if (!(await confirm({ title: 'Delete rating', message: CONFIRM_DELETE_RATING, confirmLabel: 'Delete' }))) return;
 *   … return <>…{dialog}</>;
 * Focus goes back to the button that asked once it is answered.
 */
export function useConfirm(): UseConfirm {
  const [asking, setAsking] = useState<{ options: ConfirmOptions; resolve: (ok: boolean) => void } | null>(null);
  const pending = useRef<((ok: boolean) => void) | null>(null);

  // A question still open when the component goes away is answered 'no'.
  useEffect(() => () => pending.current?.(false), []);

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        pending.current?.(false);
        pending.current = resolve;
        setAsking({ options, resolve });
      }),
    [],
  );

  const answer = (ok: boolean) => {
    if (!asking) return;
    if (pending.current === asking.resolve) pending.current = null;
    setAsking(null);
    asking.resolve(ok);
  };

  const dialog = asking ? <ConfirmDialog {...asking.options} onConfirm={() => answer(true)} onCancel={() => answer(false)} /> : null;
  return { confirm, dialog };
}
