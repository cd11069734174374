/**
 * The signed-in user's own rating of a store (spec §4): a view ('Rate This Store' / 'Update Your
 * Rating'), and a form opened by Add/Edit with stars, an optional comment, Submit/Update, Cancel and,
 * when a rating exists, Delete Rating (after a confirmation). The writes update the page's cache.
 */
import { useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { formatDate, MESSAGES, type Rating, starsCount } from 'shared-contracts';
import { Button, Stars, useConfirm } from 'shared-contracts/ui';
import { useDeleteRating, useSaveRating } from '../../own-rating/api/mutations';
import { RatingForm, ratingFormValues } from '../../own-rating/components/RatingForm';
import styles from './RatingPanel.module.css';

export const CONFIRM_DELETE_RATING = 'Are you sure you want to delete your rating?';

export interface RatingPanelProps {
  storeId: number;
  storeName: string;
  myRating: Rating | null;
}

export function RatingPanel({ storeId, storeName, myRating }: RatingPanelProps) {
  const [mode, setMode] = useState<'view' | 'edit'>('view');
  const save = useSaveRating(storeId);
  const remove = useDeleteRating(storeId);
  const { confirm, dialog } = useConfirm();
  const busy = save.isPending || remove.isPending;
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const viewButtonRef = useRef<HTMLButtonElement>(null);
  // Focus follows the panel when the user opens or closes the form (never on first render).
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    if (mode === 'edit') {
      const radios = formRef.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]');
      const checked = Array.from(radios ?? []).find((r) => r.checked);
      (checked ?? radios?.[0])?.focus();
    } else viewButtonRef.current?.focus();
  }, [mode]);

  const switchTo = (next: 'view' | 'edit') => {
    moveFocus.current = true;
    setMode(next);
  };

  const submit = (body: { rating: number; comment: string | null }) => {
    save.mutate(
      { ratingId: myRating?.id ?? null, body },
      {
        onSuccess: (result) => {
          const updated = myRating !== null || result.message === MESSAGES.ratingUpdated;
          toast.success(updated ? MESSAGES.ratingUpdated : MESSAGES.ratingSubmitted);
          switchTo('view');
        },
      },
    );
  };

  const deleteRating = async () => {
    if (!myRating || busy) return;
    const confirmed = await confirm({ title: 'Delete rating', message: CONFIRM_DELETE_RATING, confirmLabel: 'Delete' });
    if (!confirmed) return;
    remove.mutate(myRating.id, {
      onSuccess: () => {
        toast.success(MESSAGES.ratingDeleted);
        switchTo('view');
      },
    });
  };

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {myRating ? 'Update Your Rating' : 'Rate This Store'}
      </h2>

      {/* One view button for both cases, so focus stays on it when the cache's answer turns "Add" into "Edit". */}
      {mode === 'view' && (
        <div className={styles.view}>
          {myRating ? (
            <>
              <div className={styles.mine}>
                <Stars value={myRating.rating} label={`Your rating: ${starsCount(myRating.rating)} out of 5`} />
                <span className={styles.mineDate}>
                  Rated on <time dateTime={myRating.updated_at}>{formatDate(myRating.updated_at)}</time>
                </span>
              </div>
              {myRating.comment ? <p className={styles.comment}>{myRating.comment}</p> : <p className={styles.muted}>No comment.</p>}
            </>
          ) : (
            <p className={styles.text}>Been to {storeName}? Tell others what you thought.</p>
          )}
          <Button ref={viewButtonRef} onClick={() => switchTo('edit')}>
            {myRating ? 'Edit Rating' : 'Add Rating'}
          </Button>
        </div>
      )}

      {mode === 'edit' && (
        <RatingForm
          formRef={formRef}
          initial={ratingFormValues(myRating)}
          editing={myRating !== null}
          onSubmit={submit}
          onCancel={() => switchTo('view')}
          saving={save.isPending}
          locked={remove.isPending}
          extraActions={
            myRating && (
              <Button
                variant="dangerGhost"
                className={styles.delete}
                onClick={() => void deleteRating()}
                busy={remove.isPending}
                disabled={save.isPending}
              >
                Delete Rating
              </Button>
            )
          }
        />
      )}
      {dialog}
    </section>
  );
}
