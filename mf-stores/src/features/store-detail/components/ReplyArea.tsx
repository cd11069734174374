/**
 * A rating's reply on the store page: the reply for every reader; for the store's owner, Reply (or Edit
 * reply and Delete reply) with the reply form in place; for an admin, Remove reply; for anyone else,
 * Report. A deletion asks first. Focus goes back to the button that opened the form when it closes.
 */
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { MESSAGES, type StoreRating } from 'shared-contracts';
import { Button, RatingReply, ReplyForm, useConfirm } from 'shared-contracts/ui';
import { useDeleteReply, useSaveReply } from '../api/replies';
import { ReportButton } from './ReportButton';
import styles from './ReplyArea.module.css';

export const CONFIRM_DELETE_REPLY = 'Are you sure you want to delete this reply?';

/** What the reader may do with the store's replies. */
export interface ReplyRights {
  storeId: number;
  /** The store's owner: write, change and delete replies. */
  canWrite: boolean;
  /** An admin: remove a reply. */
  canRemove: boolean;
  /** Anyone else: report a reply to the moderators. */
  canReport: boolean;
}

export function ReplyArea({ rating, author, rights }: { rating: StoreRating; author: string; rights: ReplyRights }) {
  const [editing, setEditing] = useState(false);
  const save = useSaveReply(rights.storeId);
  const remove = useDeleteReply(rights.storeId);
  const { confirm, dialog } = useConfirm();
  const opener = useRef<HTMLButtonElement>(null);
  // After the form closes or a reply is deleted, focus goes to the button that is there once the list
  // shows the outcome: Edit reply after a save, Reply after a deletion (the cache's answer may come a
  // render later than the form closes).
  const focusWhen = useRef<{ hasReply: boolean } | null>(null);
  const reply = rating.reply;

  useEffect(() => {
    const wanted = focusWhen.current;
    if (!wanted || editing || (reply !== null) !== wanted.hasReply) return;
    focusWhen.current = null;
    opener.current?.focus();
  }, [editing, reply]);

  const close = (hasReply: boolean) => {
    focusWhen.current = { hasReply };
    setEditing(false);
  };

  const deleteReply = async () => {
    if (remove.isPending) return;
    const confirmed = await confirm({ title: 'Delete reply', message: CONFIRM_DELETE_REPLY, confirmLabel: 'Delete' });
    if (!confirmed) return;
    focusWhen.current = { hasReply: false };
    remove.mutate(rating.id, {
      onSuccess: () => toast.success(MESSAGES.replyDeleted),
      onError: () => {
        focusWhen.current = null;
      },
    });
  };

  if (editing) {
    return (
      <ReplyForm
        initial={reply?.body ?? ''}
        editing={reply !== null}
        to={author}
        saving={save.isPending}
        onCancel={() => close(reply !== null)}
        onSubmit={(text) =>
          save.mutate(
            { ratingId: rating.id, reply: text },
            {
              onSuccess: (result) => {
                toast.success(result.message === MESSAGES.replyUpdated ? MESSAGES.replyUpdated : MESSAGES.replyPosted);
                close(true);
              },
            },
          )
        }
      />
    );
  }

  const removeButton = (label: string) => (
    <Button variant="dangerGhost" size="sm" busy={remove.isPending} onClick={() => void deleteReply()} aria-label={`${label} to ${author}`}>
      {label}
    </Button>
  );

  return (
    <>
      {reply && (
        <RatingReply
          reply={reply}
          actions={
            rights.canWrite ? (
              <>
                <Button ref={opener} variant="secondary" size="sm" onClick={() => setEditing(true)} aria-label={`Edit reply to ${author}`}>
                  Edit reply
                </Button>
                {removeButton('Delete reply')}
              </>
            ) : rights.canRemove ? (
              removeButton('Remove reply')
            ) : rights.canReport ? (
              <ReportButton ratingId={rating.id} target="reply" author={author} />
            ) : undefined
          }
        />
      )}
      {!reply && rights.canWrite && (
        <Button
          ref={opener}
          variant="secondary"
          size="sm"
          className={styles.reply}
          onClick={() => setEditing(true)}
          aria-label={`Reply to ${author}`}
        >
          Reply
        </Button>
      )}
      {dialog}
    </>
  );
}
