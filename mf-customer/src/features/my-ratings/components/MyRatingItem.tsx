import { useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { MESSAGES, type MyRating, type RatingWriteResponse } from 'shared-contracts';
import { Link, useApi } from 'shared-contracts/react';
import { AverageBadge, Stars } from 'shared-contracts/ui';
import { formatDate, starsCount } from '../../common/format';
import styles from './MyRatingItem.module.css';
import { RatingEditForm } from './RatingEditForm';

export const CONFIRM_DELETE_THIS_RATING = 'Are you sure you want to delete this rating?';

export interface MyRatingItemProps {
  item: MyRating;
  onUpdated: (result: RatingWriteResponse) => void;
  onDeleted: (ratingId: number) => void;
}

type Mode = 'view' | 'edit' | 'confirm';

/** One of my ratings: the store (a link), its current average, my stars, comment and date; Edit and Delete in place. */
export function MyRatingItem({ item, onUpdated, onDeleted }: MyRatingItemProps) {
  const api = useApi();
  const [mode, setMode] = useState<Mode>('view');
  const [deleting, setDeleting] = useState(false);
  const titleId = useId();
  const confirmTextId = useId();
  const editRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  // Where focus goes when the row returns to its view: back to the button that left it.
  const returnFocus = useRef<'edit' | 'delete' | null>(null);

  useEffect(() => {
    if (mode === 'confirm') keepRef.current?.focus();
    if (mode === 'view' && returnFocus.current) {
      (returnFocus.current === 'edit' ? editRef : deleteRef).current?.focus();
      returnFocus.current = null;
    }
  }, [mode]);

  const closeTo = (button: 'edit' | 'delete') => {
    returnFocus.current = button;
    setMode('view');
  };

  const confirmDelete = async () => {
    setDeleting(true);
    try {
      await api.ratings.remove(item.id);
      toast.success(MESSAGES.ratingDeleted);
      onDeleted(item.id);
    } catch (error) {
      console.error('Rating delete failed', error);
      toast.error(MESSAGES.deleteRatingFailed);
      setDeleting(false);
      closeTo('delete');
    }
  };

  const edited = item.updated_at !== item.created_at;

  return (
    <li className={styles.item}>
      <article className={styles.rating} aria-labelledby={titleId}>
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
          <RatingEditForm
            item={item}
            onCancel={() => closeTo('edit')}
            onSaved={(result) => {
              closeTo('edit');
              onUpdated(result);
            }}
          />
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

            {mode === 'view' && (
              <div className={styles.actions}>
                <button type="button" ref={editRef} className={styles.secondary} onClick={() => setMode('edit')}>
                  Edit<span className={styles.srOnly}> your rating of {item.store_name}</span>
                </button>
                <button type="button" ref={deleteRef} className={styles.danger} onClick={() => setMode('confirm')}>
                  Delete<span className={styles.srOnly}> your rating of {item.store_name}</span>
                </button>
              </div>
            )}

            {mode === 'confirm' && (
              <div
                className={styles.confirm}
                role="alertdialog"
                aria-labelledby={confirmTextId}
                aria-busy={deleting}
                onKeyDown={(e) => {
                  if (e.key === 'Escape' && !deleting) closeTo('delete');
                }}
              >
                <p id={confirmTextId} className={styles.confirmText}>
                  {CONFIRM_DELETE_THIS_RATING}
                </p>
                <div className={styles.actions}>
                  <button type="button" className={styles.dangerSolid} onClick={confirmDelete} disabled={deleting}>
                    {deleting ? 'Deleting…' : 'Yes, delete'}
                  </button>
                  <button type="button" ref={keepRef} className={styles.secondary} onClick={() => closeTo('delete')} disabled={deleting}>
                    Keep it
                  </button>
                </div>
              </div>
            )}
          </>
        )}
      </article>
    </li>
  );
}
