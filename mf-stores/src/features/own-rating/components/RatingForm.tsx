/**
 * The form of one's own rating (spec §4, §5): stars (5 by default), an optional comment of at most 500
 * characters, 'Please select a rating' when no star is chosen, and Submit (Update when editing) and
 * Cancel, plus whatever other actions the caller adds (Delete Rating on the store page). The store
 * page's panel and the store card's quick rating both use it, so both keep the same rules and messages.
 */
import { type FormEvent, type ReactNode, type Ref, useState } from 'react';
import { COMMENT_MAX_LENGTH, DEFAULT_RATING, type Rating, ratingFormErrors } from 'shared-contracts';
import { Button, FormAlert, StarRatingInput, TextArea, useFormError } from 'shared-contracts/ui';
import styles from './RatingForm.module.css';

export interface RatingFormValues {
  rating: number | null;
  comment: string;
}

/** The form's values for one's rating, or a new rating's (5 stars, no comment). */
export const ratingFormValues = (rating: Rating | null): RatingFormValues =>
  rating ? { rating: rating.rating, comment: rating.comment ?? '' } : { rating: DEFAULT_RATING, comment: '' };

export interface RatingFormProps {
  initial: RatingFormValues;
  /** Editing an existing rating: the submit button says Update. */
  editing: boolean;
  /** Called with valid values (the comment trimmed, null when blank). */
  onSubmit: (body: { rating: number; comment: string | null }) => void;
  onCancel: () => void;
  saving: boolean;
  /** Another write of the same rating is under way (e.g. a deletion): nothing can be changed. */
  locked?: boolean;
  /** More actions after Cancel. */
  extraActions?: ReactNode;
  formRef?: Ref<HTMLFormElement>;
  className?: string;
}

export function RatingForm({
  initial,
  editing,
  onSubmit,
  onCancel,
  saving,
  locked = false,
  extraActions,
  formRef,
  className,
}: RatingFormProps) {
  const [values, setValues] = useState<RatingFormValues>(initial);
  const form = useFormError<'rating' | 'comment'>();
  const busy = saving || locked;

  const edit = (change: Partial<RatingFormValues>) => {
    setValues((v) => ({ ...v, ...change }));
    form.clear();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || form.showErrors(ratingFormErrors(values))) return;
    const comment = values.comment.trim();
    onSubmit({ rating: values.rating as number, comment: comment === '' ? null : comment });
  };

  return (
    <form ref={formRef} className={className ? `${styles.form} ${className}` : styles.form} onSubmit={submit} noValidate aria-busy={busy}>
      <StarRatingInput
        value={values.rating}
        onChange={(rating) => edit({ rating })}
        disabled={busy}
        invalid={form.isInvalid('rating')}
        errorId={form.errorId}
      />

      <TextArea
        label="Comment"
        optional
        maxLength={COMMENT_MAX_LENGTH}
        value={values.comment}
        onValueChange={(comment) => edit({ comment: comment.slice(0, COMMENT_MAX_LENGTH) })}
        invalid={form.isInvalid('comment')}
        errorId={form.errorId}
        disabled={busy}
        placeholder="What stood out? Service, prices, selection…"
      />

      <FormAlert id={form.errorId} message={form.message} />

      <div className={styles.actions}>
        <Button type="submit" busy={saving} disabled={locked}>
          {editing ? 'Update' : 'Submit'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        {extraActions}
      </div>
    </form>
  );
}
