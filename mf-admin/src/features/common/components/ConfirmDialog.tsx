/**
 * Asks before something is deleted: an alertdialog whose description is the question (spec §5 wording),
 * with Cancel focused first so Enter never deletes by accident.
 */
import { type ReactNode, useId, useRef } from 'react';
import buttons from '../styles/Buttons.module.css';
import styles from './ConfirmDialog.module.css';
import { Modal } from './Modal';

export interface ConfirmDialogProps {
  title: string;
  /** The question, e.g. 'Are you sure you want to delete this user?'. */
  message: string;
  /** What exactly is about to go (a name, what goes with it). */
  detail?: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ title, message, detail, confirmLabel, busyLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal title={title} role="alertdialog" size="narrow" describedBy={messageId} initialFocus={cancelRef} busy={busy} onClose={onCancel}>
      <div id={messageId}>
        <p className={styles.message}>{message}</p>
        {detail && <p className={styles.detail}>{detail}</p>}
      </div>
      <div className={styles.actions}>
        <button ref={cancelRef} type="button" className={`${buttons.button} ${buttons.secondary}`} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className={`${buttons.button} ${buttons.danger}`}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onConfirm();
          }}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
