import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { COMMENT_MAX_LENGTH, MESSAGES, type MyRating, type RatingWriteResponse, validateRatingForm } from 'shared-contracts';
import { useApi } from 'shared-contracts/react';
import { StarRatingInput } from 'shared-contracts/ui';
import styles from './MyRatingItem.module.css';

export interface RatingEditFormProps {
  item: MyRating;
  onSaved: (result: RatingWriteResponse) => void;
  onCancel: () => void;
}

/** The rating edited in place: 1-5 stars, the optional comment with its n/500 counter, Save and Cancel. */
export function RatingEditForm({ item, onSaved, onCancel }: RatingEditFormProps) {
  const api = useApi();
  const [rating, setRating] = useState<number | null>(item.rating);
  const [comment, setComment] = useState(item.comment ?? '');
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const commentId = useId();
  const counterId = useId();
  const errorId = useId();

  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateRatingForm({ rating, comment });
    if (problem) {
      setFormError(problem);
      toast.error(problem);
      return;
    }
    setFormError(null);
    setBusy(true);
    try {
      const trimmed = comment.trim();
      const result = await api.ratings.update(item.id, { rating: rating as number, comment: trimmed === '' ? null : trimmed });
      toast.success(MESSAGES.ratingUpdated);
      onSaved(result);
    } catch (error) {
      console.error('Rating update failed', error);
      toast.error(MESSAGES.submitRatingFailed);
      setBusy(false);
    }
  };

  const describedBy = [counterId, formError ? errorId : null].filter(Boolean).join(' ');

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-busy={busy}
      aria-label={`Edit your rating of ${item.store_name}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !busy) onCancel();
      }}
    >
      <StarRatingInput value={rating} onChange={setRating} disabled={busy} />

      <div className={styles.field}>
        <label htmlFor={commentId} className={styles.fieldLabel}>
          Comment <span className={styles.optional}>(optional)</span>
        </label>
        <textarea
          id={commentId}
          className={styles.textarea}
          rows={3}
          maxLength={COMMENT_MAX_LENGTH}
          value={comment}
          onChange={(e) => setComment(e.target.value.slice(0, COMMENT_MAX_LENGTH))}
          aria-describedby={describedBy}
          aria-invalid={formError === MESSAGES.commentMax || undefined}
          disabled={busy}
        />
        <span id={counterId} className={`${styles.counter} ${comment.length >= COMMENT_MAX_LENGTH ? styles.counterFull : ''}`}>
          {comment.length}/{COMMENT_MAX_LENGTH}
        </span>
      </div>

      {formError && (
        <p id={errorId} className={styles.formError} role="alert">
          {formError}
        </p>
      )}

      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className={styles.secondary} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
