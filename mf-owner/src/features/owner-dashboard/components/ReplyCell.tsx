/**
 * The ratings table's reply cell: the reply (when there is one) and Reply or Edit reply, which open the
 * reply form in a dialog, and Delete reply (after a confirmation).
 */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { MESSAGES, type OwnerRating } from 'shared-contracts';
import { Button, Modal, RatingReply, ReplyForm, useConfirm } from 'shared-contracts/ui';
import { useDeleteReply, useSaveReply } from '../api/replies';
import styles from './ReplyCell.module.css';

export const CONFIRM_DELETE_REPLY = 'Are you sure you want to delete this reply?';

export function ReplyCell({ rating }: { rating: OwnerRating }) {
  const [writing, setWriting] = useState(false);
  const save = useSaveReply();
  const remove = useDeleteReply();
  const { confirm, dialog } = useConfirm();
  const { reply } = rating;

  const deleteReply = async () => {
    if (remove.isPending) return;
    const confirmed = await confirm({ title: 'Delete reply', message: CONFIRM_DELETE_REPLY, confirmLabel: 'Delete' });
    if (confirmed) remove.mutate(rating.id, { onSuccess: () => toast.success(MESSAGES.replyDeleted) });
  };

  return (
    <div className={styles.cell}>
      {reply && <RatingReply reply={reply} className={styles.reply} />}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setWriting(true)}
          aria-label={`${reply ? 'Edit reply' : 'Reply'} to ${rating.user_name}`}
        >
          {reply ? 'Edit reply' : 'Reply'}
        </Button>
        {reply && (
          <Button
            variant="dangerGhost"
            size="sm"
            busy={remove.isPending}
            onClick={() => void deleteReply()}
            aria-label={`Delete reply to ${rating.user_name}`}
          >
            Delete reply
          </Button>
        )}
      </div>
      {writing && (
        <Modal title={`Reply to ${rating.user_name}`} onClose={() => setWriting(false)} busy={save.isPending} size="narrow">
          <p className={styles.quote}>
            {rating.store_name}: {rating.rating} out of 5{rating.comment ? `, "${rating.comment}"` : ''}
          </p>
          <ReplyForm
            initial={reply?.body ?? ''}
            editing={reply !== null}
            saving={save.isPending}
            onCancel={() => setWriting(false)}
            onSubmit={(text) =>
              save.mutate(
                { ratingId: rating.id, reply: text },
                {
                  onSuccess: (result) => {
                    toast.success(result.message === MESSAGES.replyUpdated ? MESSAGES.replyUpdated : MESSAGES.replyPosted);
                    setWriting(false);
                  },
                },
              )
            }
          />
        </Modal>
      )}
      {dialog}
    </div>
  );
}
