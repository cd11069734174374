/**
 * /stores/:id: the store, its rating summary and histogram, the signed-in user's rating panel (not on
 * their own store) and every rating, newest first or in the reader's order and filters (a histogram bar
 * filters by its star count), the reader's own pinned first. On one column (a phone) the rating panel comes
 * right under the store's header, above the summary, so rating takes no scrolling.
 */
import { useId } from 'react';
import { Link, useAuth, useLocation, useParams } from 'shared-contracts/react';
import { Bone, Button, buttonClassName, isListWindowError, LoadingBlock, Page, useDocumentTitle } from 'shared-contracts/ui';
import { useMyRating } from '../own-rating/api/queries';
import { isStoreId, isStoreNotFound, useStore, useStoreRatings } from './api/queries';
import { RatingPanel } from './components/RatingPanel';
import { RatingsList } from './components/RatingsList';
import { RatingSummary } from './components/RatingSummary';
import { useReviewView } from './hooks/useReviewView';
import { reviewQuery } from './review-view';
import styles from './StoreDetailPage.module.css';

/** Back to the list as the user left it (search, filters, page), when they came from it. */
function useBackTo(): string {
  const state = useLocation().state as { backTo?: unknown } | null;
  const backTo = state?.backTo;
  return typeof backTo === 'string' && backTo.startsWith('/stores') ? backTo : '/stores';
}

function BackLink({ to }: { to: string }) {
  return (
    <Link to={to} className={styles.back}>
      <span aria-hidden="true">←</span>Back to stores
    </Link>
  );
}

export default function StoreDetailPage() {
  const { id } = useParams();
  const { user } = useAuth();
  const backTo = useBackTo();
  const titleId = useId();
  const storeId = isStoreId(id) ? id : null;
  const storeQuery = useStore(storeId);
  const [view, setView] = useReviewView();
  const ratings = useStoreRatings(storeId, reviewQuery(view));
  const myRating = useMyRating(storeId, Boolean(user));
  const store = storeQuery.data;
  // The tab says which store (issue 16); 'Store' until its name is known.
  useDocumentTitle(store?.name ?? 'Store');

  if (storeId === null || (storeQuery.isError && isStoreNotFound(storeQuery.error))) {
    return (
      <Page aria-labelledby={titleId}>
        <div className={styles.notice}>
          <h1 id={titleId} className={styles.noticeTitle}>
            Store not found
          </h1>
          <p>This store does not exist or has been removed.</p>
          <Link to="/stores" className={buttonClassName()}>
            Back to stores
          </Link>
        </div>
      </Page>
    );
  }

  const isOwnStore = store !== undefined && user !== null && user.id === store.owner_id;
  // The reader's own rating decides the rating panel's height: the page waits for it with the store, so
  // nothing below the panel moves when it comes (it is asked in parallel, and is small).
  const waitingForOwnRating = store !== undefined && user !== null && !isOwnStore && myRating.isPending;
  if (storeQuery.isPending || waitingForOwnRating) {
    return (
      <Page busy>
        <BackLink to={backTo} />
        <header className={styles.header} aria-hidden="true">
          <Bone width="16rem" height="2.5rem" />
          <Bone width="22rem" />
        </header>
        <LoadingBlock layout="cards" count={2} label="Loading store…" />
      </Page>
    );
  }

  if (!store) {
    return (
      <Page aria-labelledby={titleId}>
        <BackLink to={backTo} />
        <div className={`${styles.notice} ${styles.error}`} role="alert">
          <h1 id={titleId} className={styles.noticeTitle}>
            The store could not be loaded
          </h1>
          <p>Check your connection and try again.</p>
          <Button className={styles.retry} busy={storeQuery.isFetching} onClick={() => void storeQuery.refetch()}>
            Try again
          </Button>
        </div>
      </Page>
    );
  }

  // A next page the API refused as beyond the list window (the list grew meanwhile) ends the list quietly.
  const windowEnded = ratings.isFetchNextPageError && isListWindowError(ratings.error);

  return (
    <Page aria-labelledby={titleId}>
      <BackLink to={backTo} />

      <header className={styles.header}>
        {store.category && <span className={styles.category}>{store.category}</span>}
        <h1 id={titleId} className={styles.title}>
          {store.name}
        </h1>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>Address</dt>
            <dd>{store.address}</dd>
          </div>
          {store.phone && (
            <div className={styles.fact}>
              <dt>Phone</dt>
              <dd>
                <a href={`tel:${store.phone.replace(/[^0-9+]/g, '')}`}>{store.phone}</a>
              </dd>
            </div>
          )}
          {store.email && (
            <div className={styles.fact}>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${store.email}`}>{store.email}</a>
              </dd>
            </div>
          )}
        </dl>
      </header>

      <div className={styles.layout}>
        <div className={styles.side}>
          <RatingSummary
            average={Number(store.average_rating) || 0}
            total={Number(store.total_ratings) || 0}
            distribution={store.rating_distribution}
            selectedStars={view.stars}
            onSelectStars={(stars) => setView({ ...view, stars: stars as typeof view.stars })}
          />

          {/* On one column (a phone) this comes before the summary (CSS order), so "Add Rating" shows on the first screen. */}
          {user && (
            <div className={styles.rate}>
              {isOwnStore && (
                <section className={styles.ownNote} aria-label="Your store">
                  <p className={styles.ownTitle}>This is your store</p>
                  <p>Store owners cannot rate their own store. Your customers' ratings appear below.</p>
                </section>
              )}
              {!isOwnStore && <RatingPanel storeId={store.id} storeName={store.name} myRating={myRating.data ?? null} />}
            </div>
          )}
        </div>

        <div className={styles.main}>
          <RatingsList
            ratings={ratings.data}
            status={ratings.status}
            hasMore={ratings.hasNextPage && !windowEnded}
            loadingMore={ratings.isFetchingNextPage}
            retrying={ratings.isFetching}
            onLoadMore={() => void ratings.fetchNextPage()}
            onRetry={() => void ratings.refetch()}
            view={view}
            onViewChange={setView}
            updating={ratings.isPlaceholderData}
            mine={user && myRating.data ? { rating: myRating.data, author: user.name } : null}
            replies={{
              storeId: store.id,
              canWrite: isOwnStore,
              canRemove: user?.role === 'system_admin',
              canReport: !isOwnStore && user?.role !== 'system_admin',
            }}
          />
        </div>
      </div>
    </Page>
  );
}
