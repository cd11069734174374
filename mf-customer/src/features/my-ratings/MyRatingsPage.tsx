/**
 * /ratings: the caller's own ratings, each with its store (a link) and the store's current average,
 * sorted and paged through the URL, edited and deleted in place.
 */
import { useEffect, useId, useMemo, useRef } from 'react';
import { Link } from 'shared-contracts/react';
import { formatCount, formatListTotal, ListWindowHint, ListWindowRefused, Pagination, Spinner } from 'shared-contracts/ui';
import { MyRatingItem } from './components/MyRatingItem';
import { useMyRatings } from './hooks/useMyRatings';
import { useMyRatingsState } from './hooks/useMyRatingsState';
import styles from './MyRatingsPage.module.css';
import { type MyRatingsSort, SORT_OPTIONS, toQuery } from './sorting';

export default function MyRatingsPage() {
  const [state, setState] = useMyRatingsState();
  const query = useMemo(() => toQuery(state), [state]);
  const { status, data, refused, retry, refresh, patch } = useMyRatings(query);
  const titleId = useId();
  const sortId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const ratings = data?.ratings ?? [];
  const total = data?.total ?? 0;
  const totalPages = data?.totalPages ?? 0;

  // A page past the end (the last rating of a page was deleted, or an old link): step back to the last page.
  useEffect(() => {
    if (status === 'ready' && state.page > Math.max(1, totalPages)) {
      setState({ ...state, page: Math.max(1, totalPages) }, { replace: true });
    }
  }, [status, state, totalPages, setState]);

  const onDeleted = (ratingId: number) => {
    patch((page) => ({ ...page, ratings: page.ratings.filter((r) => r.id !== ratingId), total: Math.max(0, page.total - 1) }));
    headingRef.current?.focus();
    refresh();
  };

  let summary = '';
  if (status === 'ready' && ratings.length > 0) {
    const first = (state.page - 1) * query.limit + 1;
    const noun = total === 1 && !data?.totalCapped ? 'rating' : 'ratings';
    summary = `Showing ${formatCount(first)}–${formatCount(first + ratings.length - 1)} of ${formatListTotal({ total, totalCapped: data?.totalCapped })} ${noun}`;
  }

  return (
    <main className={styles.page} aria-labelledby={titleId}>
      <header className={styles.header}>
        <div>
          <h1 id={titleId} ref={headingRef} tabIndex={-1} className={styles.title}>
            My Ratings
          </h1>
          <p className={styles.subtitle}>Every store you have rated. Change your mind? Edit or delete a rating right here.</p>
        </div>
        <div className={styles.sort}>
          <label htmlFor={sortId} className={styles.sortLabel}>
            Sort by
          </label>
          <select
            id={sortId}
            className={styles.select}
            value={state.sort}
            onChange={(e) => setState({ sort: e.target.value as MyRatingsSort, page: 1 })}
          >
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </header>

      <section aria-label="Your ratings" aria-busy={status === 'loading'}>
        <p className={styles.summary} aria-live="polite">
          {summary}
        </p>

        {status === 'loading' && <Spinner label="Loading your ratings…" />}

        {status === 'error' && refused && (
          <ListWindowRefused
            onFirstPage={() => setState({ ...state, page: 1 })}
            classNames={{ panel: styles.empty, text: styles.emptyText, button: styles.primaryButton }}
          />
        )}

        {status === 'error' && !refused && (
          <div className={styles.error} role="alert">
            <p className={styles.errorText}>Your ratings could not be loaded.</p>
            <button type="button" className={styles.primaryButton} onClick={retry}>
              Try again
            </button>
          </div>
        )}

        {status === 'ready' && total === 0 && (
          <div className={styles.empty}>
            <span className={styles.emptyIcon} aria-hidden="true">
              ★
            </span>
            <p className={styles.emptyTitle}>You have not rated any stores yet.</p>
            <p className={styles.emptyText}>Find a store you know and tell others what you thought.</p>
            <Link to="/stores" className={styles.primaryButton}>
              Browse stores
            </Link>
          </div>
        )}

        {status === 'ready' && ratings.length > 0 && (
          <ul className={styles.list}>
            {ratings.map((item) => (
              <MyRatingItem
                key={item.id}
                item={item}
                onUpdated={(result) => {
                  patch((page) => ({
                    ...page,
                    ratings: page.ratings.map((r) =>
                      r.id === item.id
                        ? {
                            ...r,
                            rating: result.rating.rating,
                            comment: result.rating.comment,
                            updated_at: result.rating.updated_at,
                            store_average_rating: result.storeStats.average_rating,
                          }
                        : r,
                    ),
                  }));
                  refresh();
                }}
                onDeleted={onDeleted}
              />
            ))}
          </ul>
        )}

        {status !== 'error' && <Pagination page={state.page} totalPages={totalPages} onPage={(page) => setState({ ...state, page })} />}
        {status === 'ready' && <ListWindowHint list={data} />}
      </section>
    </main>
  );
}
