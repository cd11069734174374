import { type FormEvent, useEffect, useRef, useState } from 'react';
import { COMMENT_MAX_LENGTH, type MyRating, ratingFormErrors } from 'shared-contracts';
import { Button, FormAlert, StarRatingInput, TextArea, useFormError } from 'shared-contracts/ui';
import { useUpdateMyRating } from '../api/my-ratings';
import styles from './MyRatingItem.module.css';

export interface RatingEditFormProps {
  item: MyRating;
  onSaved: () => void;
  onCancel: () => void;
}

/** The rating edited in place: 1-5 stars, the optional comment with its n/500 counter, Save and Cancel. */
export function RatingEditForm({ item, onSaved, onCancel }: RatingEditFormProps) {
  const update = useUpdateMyRating();
  const [rating, setRating] = useState<number | null>(item.rating);
  const [comment, setComment] = useState(item.comment ?? '');
  const form = useFormError<'rating' | 'comment'>('my-rating-form');
  const formRef = useRef<HTMLFormElement>(null);
  const busy = update.isPending;

  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.showErrors(ratingFormErrors({ rating, comment }))) return;
    const trimmed = comment.trim();
    update.mutate(
      { ratingId: item.id, body: { rating: rating as number, comment: trimmed === '' ? null : trimmed } },
      { onSuccess: onSaved },
    );
  };

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-busy={busy}
      aria-label={`Edit your rating of ${item.store_name}`}
    >
      <StarRatingInput value={rating} onChange={setRating} disabled={busy} invalid={form.isInvalid('rating')} errorId={form.errorId} />

      <TextArea
        label="Comment"
        optional
        rows={3}
        maxLength={COMMENT_MAX_LENGTH}
        value={comment}
        onChange={(e) => setComment(e.target.value.slice(0, COMMENT_MAX_LENGTH))}
        invalid={form.isInvalid('comment')}
        errorId={form.errorId}
        disabled={busy}
      />

      <FormAlert id={form.errorId} message={form.message} />

      <div className={styles.actions}>
        <Button type="submit" busy={busy} busyLabel="Saving…">
          Save
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
