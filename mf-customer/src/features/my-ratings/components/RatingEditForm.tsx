import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { COMMENT_MAX_LENGTH, type MyRating, ratingFormErrors } from 'shared-contracts';
import { Button, FormAlert, StarRatingInput, TextArea, useFormError } from 'shared-contracts/ui';
import { useUpdateMyRating } from '../api/my-ratings';
import styles from './MyRatingItem.module.css';

export interface RatingEditFormProps {
  item: MyRating;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * The rating edited in place: 1-5 stars, the optional comment with its n/500 counter, Update (as on the
 * store page, spec §2) and Cancel; Escape cancels too.
 */
export function RatingEditForm({ item, onSaved, onCancel }: RatingEditFormProps) {
  const update = useUpdateMyRating();
  const [rating, setRating] = useState<number | null>(item.rating);
  const [comment, setComment] = useState(item.comment ?? '');
  const form = useFormError<'rating' | 'comment'>();
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

  // Escape pressed in any of the form's controls (the stars, the comment, the buttons) cancels, as Cancel does.
  const cancelOnEscape = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape' || busy) return;
    event.preventDefault();
    onCancel();
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the form only hears Escape bubbling up from its own controls; it is not made a control itself, and Cancel is the visible way
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={submit}
      onKeyDown={cancelOnEscape}
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
        <Button type="submit" busy={busy}>
          Update
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
