/**
 * The signed-in user's own rating of a store (spec §4): a view ('Rate This Store' / 'Update Your
 * Rating'), and a form opened by Add/Edit with stars, an optional comment, Submit/Update, Cancel and,
 * when a rating exists, Delete Rating. After a write the page takes the new figures from storeStats.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import {
  COMMENT_MAX_LENGTH,
  DEFAULT_RATING,
  MESSAGES,
  type Rating,
  type RatingDeleteResponse,
  type RatingWriteResponse,
  validateRatingForm,
} from 'shared-contracts';
import { useApi } from 'shared-contracts/react';
import { StarRatingInput, Stars } from 'shared-contracts/ui';
import { formatDate, starsCount } from '../../common/format';
import styles from './RatingPanel.module.css';

export const CONFIRM_DELETE_RATING = 'Are you sure you want to delete your rating?';

interface FormValues {
  rating: number | null;
  comment: string;
}

const valuesOf = (rating: Rating | null): FormValues =>
  rating ? { rating: rating.rating, comment: rating.comment ?? '' } : { rating: DEFAULT_RATING, comment: '' };

export interface RatingPanelProps {
  storeId: number;
  storeName: string;
  myRating: Rating | null;
  onSaved: (result: RatingWriteResponse) => void;
  onDeleted: (result: RatingDeleteResponse) => void;
}

export function RatingPanel({ storeId, storeName, myRating, onSaved, onDeleted }: RatingPanelProps) {
  const api = useApi();
  const [mode, setMode] = useState<'view' | 'edit'>('view');
  const [values, setValues] = useState<FormValues>(() => valuesOf(myRating));
  const [busy, setBusy] = useState<'saving' | 'deleting' | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const titleId = useId();
  const commentId = useId();
  const counterId = useId();
  const errorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const viewButtonRef = useRef<HTMLButtonElement>(null);
  // Focus follows the panel when the user opens or closes the form (never on first render).
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    if (mode === 'edit') {
      const form = formRef.current;
      (form?.querySelector<HTMLInputElement>('input[type="radio"]:checked') ?? form?.querySelector<HTMLInputElement>('input[type="radio"]'))?.focus();
    }
    else viewButtonRef.current?.focus();
  }, [mode]);

  const switchTo = (next: 'view' | 'edit') => {
    moveFocus.current = true;
    setMode(next);
  };

  const openForm = () => {
    setValues(valuesOf(myRating));
    setFormError(null);
    switchTo('edit');
  };

  const cancel = () => {
    setValues(valuesOf(myRating));
    setFormError(null);
    switchTo('view');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateRatingForm({ rating: values.rating, comment: values.comment });
    if (problem) {
      setFormError(problem);
      toast.error(problem);
      return;
    }
    setFormError(null);
    setBusy('saving');
    const body = { rating: values.rating as number, comment: values.comment.trim() === '' ? null : values.comment.trim() };
    try {
      const result = myRating ? await api.ratings.update(myRating.id, body) : await api.ratings.submit(storeId, body);
      const updated = myRating !== null || result.message === MESSAGES.ratingUpdated;
      toast.success(updated ? MESSAGES.ratingUpdated : MESSAGES.ratingSubmitted);
      setValues(valuesOf(result.rating));
      switchTo('view');
      onSaved(result);
    } catch (error) {
      console.error('Rating write failed', error);
      toast.error(MESSAGES.submitRatingFailed);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!myRating || !window.confirm(CONFIRM_DELETE_RATING)) return;
    setBusy('deleting');
    try {
      const result = await api.ratings.remove(myRating.id);
      toast.success(MESSAGES.ratingDeleted);
      setValues(valuesOf(null));
      setFormError(null);
      switchTo('view');
      onDeleted(result);
    } catch (error) {
      console.error('Rating delete failed', error);
      toast.error(MESSAGES.deleteRatingFailed);
    } finally {
      setBusy(null);
    }
  };

  const heading = myRating ? 'Update Your Rating' : 'Rate This Store';
  const describedBy = [counterId, formError ? errorId : null].filter(Boolean).join(' ');

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {heading}
      </h2>

      {mode === 'view' && !myRating && (
        <div className={styles.view}>
          <p className={styles.text}>Been to {storeName}? Tell others what you thought.</p>
          <button type="button" ref={viewButtonRef} className={styles.primary} onClick={openForm}>
            Add Rating
          </button>
        </div>
      )}

      {mode === 'view' && myRating && (
        <div className={styles.view}>
          <div className={styles.mine}>
            <Stars value={myRating.rating} label={`Your rating: ${starsCount(myRating.rating)} out of 5`} />
            <span className={styles.mineDate}>
              Rated on <time dateTime={myRating.updated_at}>{formatDate(myRating.updated_at)}</time>
            </span>
          </div>
          {myRating.comment ? <p className={styles.comment}>{myRating.comment}</p> : <p className={styles.muted}>No comment.</p>}
          <button type="button" ref={viewButtonRef} className={styles.primary} onClick={openForm}>
            Edit Rating
          </button>
        </div>
      )}

      {mode === 'edit' && (
        <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-busy={busy !== null}>
          <StarRatingInput value={values.rating} onChange={(rating) => setValues((v) => ({ ...v, rating }))} disabled={busy !== null} />

          <div className={styles.field}>
            <label htmlFor={commentId} className={styles.label}>
              Comment <span className={styles.optional}>(optional)</span>
            </label>
            <textarea
              id={commentId}
              className={styles.textarea}
              rows={4}
              maxLength={COMMENT_MAX_LENGTH}
              value={values.comment}
              onChange={(e) => setValues((v) => ({ ...v, comment: e.target.value.slice(0, COMMENT_MAX_LENGTH) }))}
              aria-describedby={describedBy}
              aria-invalid={formError === MESSAGES.commentMax || undefined}
              disabled={busy !== null}
              placeholder="What stood out? Service, prices, selection…"
            />
            <span id={counterId} className={`${styles.counter} ${values.comment.length >= COMMENT_MAX_LENGTH ? styles.counterFull : ''}`}>
              {values.comment.length}/{COMMENT_MAX_LENGTH}
            </span>
          </div>

          {formError && (
            <p id={errorId} className={styles.error} role="alert">
              {formError}
            </p>
          )}

          <div className={styles.actions}>
            <button type="submit" className={styles.primary} disabled={busy !== null}>
              {myRating ? 'Update' : 'Submit'}
            </button>
            <button type="button" className={styles.secondary} onClick={cancel} disabled={busy !== null}>
              Cancel
            </button>
            {myRating && (
              <button type="button" className={styles.danger} onClick={remove} disabled={busy !== null}>
                Delete Rating
              </button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
