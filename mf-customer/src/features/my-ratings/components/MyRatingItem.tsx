import { useEffect, useId, useRef, useState } from 'react';
import { formatDate, formatPlural, type MyRating, starsCount } from 'shared-contracts';
import { Link } from 'shared-contracts/react';
import { AverageBadge, Button, ConfirmDialog, cx, RatingReply, Stars, surfaceClassName, VisuallyHidden } from 'shared-contracts/ui';
import { useDeleteMyRating } from '../api/my-ratings';
import styles from './MyRatingItem.module.css';
import { RatingEditForm } from './RatingEditForm';

export const CONFIRM_DELETE_THIS_RATING = 'Are you sure you want to delete this rating?';

export interface MyRatingItemProps {
  item: MyRating;
  /** The rating is gone (the row leaves the list by itself, from the cache). */
  onDeleted: () => void;
}

type Mode = 'view' | 'edit' | 'confirm';

/**
 * One of my ratings: the store (a link), its current average, my stars, comment and date, whether a
 * moderator hid it, how many found it helpful, the store's reply; Edit and Delete in place.
 */
export function MyRatingItem({ item, onDeleted }: MyRatingItemProps) {
  const remove = useDeleteMyRating();
  const [mode, setMode] = useState<Mode>('view');
  const titleId = useId();
  const editRef = useRef<HTMLButtonElement>(null);
  // Back from the edit form: focus returns to Edit (the confirm dialog returns it to Delete itself).
  const returnToEdit = useRef(false);

  useEffect(() => {
    if (mode === 'view' && returnToEdit.current) {
      editRef.current?.focus();
      returnToEdit.current = false;
    }
  }, [mode]);

  const closeEdit = () => {
    returnToEdit.current = true;
    setMode('view');
  };

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(item.id);
      onDeleted();
    } catch {
      // Logged and toasted by the cache's failure policy; the row stays.
    }
    setMode('view');
  };

  const edited = item.updated_at !== item.created_at;

  return (
    <li className={styles.item}>
      <article className={cx(surfaceClassName, styles.rating)} aria-labelledby={titleId}>
        <header className={styles.head}>
          <h2 id={titleId} className={styles.store}>
            <Link to={`/stores/${item.store_id}`} className={styles.storeLink}>
              {item.store_name}
            </Link>
          </h2>
          <p className={styles.average}>
            <span className={styles.averageLabel}>Store average</span>
            <AverageBadge average={item.store_average_rating} />
          </p>
        </header>
        <p className={styles.address}>{item.store_address}</p>

        {mode === 'edit' ? (
          <RatingEditForm item={item} onCancel={closeEdit} onSaved={closeEdit} />
        ) : (
          <>
            <div className={styles.mine}>
              <Stars value={item.rating} label={`Your rating: ${starsCount(item.rating)} out of 5`} />
              <span className={styles.date}>
                Rated on <time dateTime={item.created_at}>{formatDate(item.created_at)}</time>
                {edited && (
                  <>
                    {' · '}edited <time dateTime={item.updated_at}>{formatDate(item.updated_at)}</time>
                  </>
                )}
              </span>
            </div>
            {item.comment ? <p className={styles.comment}>{item.comment}</p> : <p className={styles.noComment}>No comment.</p>}
            {item.hidden && (
              <p className={styles.hiddenNote}>
                <strong>Hidden by a moderator.</strong> Only you can see this rating, and it does not count in the store&apos;s rating.
              </p>
            )}
            {!item.hidden && item.helpful_count > 0 && (
              <p className={styles.helpful}>{formatPlural(item.helpful_count, 'person', 'people')} found this helpful</p>
            )}
            {item.reply && <RatingReply reply={item.reply} />}

            <div className={styles.actions}>
              <Button ref={editRef} variant="secondary" onClick={() => setMode('edit')}>
                Edit<VisuallyHidden> your rating of {item.store_name}</VisuallyHidden>
              </Button>
              <Button variant="dangerGhost" onClick={() => setMode('confirm')}>
                Delete<VisuallyHidden> your rating of {item.store_name}</VisuallyHidden>
              </Button>
            </div>
          </>
        )}
      </article>

      {mode === 'confirm' && (
        <ConfirmDialog
          title="Delete rating"
          message={CONFIRM_DELETE_THIS_RATING}
          detail={
            <>
              Your rating of <strong>{item.store_name}</strong> will be removed. This cannot be undone.
            </>
          }
          confirmLabel="Delete"
          busyLabel="Deleting…"
          busy={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setMode('view')}
        />
      )}
    </li>
  );
}
