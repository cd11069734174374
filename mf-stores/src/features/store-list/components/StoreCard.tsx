import { Link } from 'shared-contracts/react';
import { formatAverage, ratingsCount, type StoreListItem } from 'shared-contracts';
import { AverageBadge, cx, Stars, surfaceClassName } from 'shared-contracts/ui';
import { QuickRate } from './QuickRate';
import styles from './StoreCard.module.css';

export interface StoreCardProps {
  store: StoreListItem;
  backTo: string;
  /** The reader may rate it from here (not their own store): their stars, and a Rate button. */
  canRate: boolean;
}

/** One store of the list: the whole card opens the store, its name is the link; the reader's own stars and a quick rating below. */
export function StoreCard({ store, backTo, canRate }: StoreCardProps) {
  const average = Number(store.average_rating) || 0;
  const total = Number(store.total_ratings) || 0;
  return (
    <li className={styles.item}>
      <article className={cx(surfaceClassName, styles.card)}>
        <div className={styles.top}>
          {store.category && <span className={styles.category}>{store.category}</span>}
          {total > 0 && <AverageBadge average={average} />}
        </div>
        <h3 className={styles.name}>
          <Link to={`/stores/${store.id}`} state={{ backTo }} className={styles.link}>
            {store.name}
          </Link>
        </h3>
        <p className={styles.address}>{store.address}</p>
        <div className={styles.rating}>
          <Stars value={average} size="sm" label={total > 0 ? `Rated ${formatAverage(average)} out of 5` : 'Not rated yet'} />
          <span className={styles.count}>{total > 0 ? `(${ratingsCount(total)})` : 'No ratings yet'}</span>
        </div>
        {canRate && <QuickRate store={store} />}
      </article>
    </li>
  );
}

/** Grey placeholders in the shape of the cards, while a page loads. */
export function StoreCardSkeleton() {
  return (
    <li className={styles.item} aria-hidden="true">
      <div className={cx(surfaceClassName, styles.card, styles.skeleton)}>
        <span className={`${styles.bone} ${styles.boneShort}`} />
        <span className={`${styles.bone} ${styles.boneTitle}`} />
        <span className={styles.bone} />
        <span className={`${styles.bone} ${styles.boneShort}`} />
      </div>
    </li>
  );
}
