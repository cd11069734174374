/**
 * /ratings: the caller's own ratings, each with its store (a link) and the store's current average,
 * sorted and paged through the URL, edited and deleted in place.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'shared-contracts/react';
import {
  buttonClassName,
  EmptyState,
  ErrorState,
  formatCount,
  formatListTotal,
  isListWindowError,
  ListWindowHint,
  ListWindowRefused,
  LoadingBlock,
  Page,
  Pagination,
  SelectField,
} from 'shared-contracts/ui';
import { useMyRatingsQuery } from './api/my-ratings';
import { MyRatingItem } from './components/MyRatingItem';
import { useMyRatingsState } from './hooks/useMyRatingsState';
import styles from './MyRatingsPage.module.css';
import { type MyRatingsSort, SORT_OPTIONS, toQuery } from './sorting';

export default function MyRatingsPage() {
  const [state, setState] = useMyRatingsState();
  const query = useMemo(() => toQuery(state), [state]);
  const { data, isPending, isError, isSuccess, isPlaceholderData, isFetching, error, refetch } = useMyRatingsQuery(query);
  const refused = isError && isListWindowError(error);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Bumped when a rating was deleted: focus goes to the heading once its row and dialog are gone.
  const [deletions, setDeletions] = useState(0);

  const ratings = data?.ratings ?? [];
  const total = data?.total ?? 0;
  const totalPages = data?.totalPages ?? 0;
  const settled = isSuccess && !isPlaceholderData;

  // A page past the end (the last rating of a page was deleted, or an old link): step back to the last page.
  useEffect(() => {
    if (settled && state.page > Math.max(1, totalPages)) {
      setState({ ...state, page: Math.max(1, totalPages) }, { replace: true });
    }
  }, [settled, state, totalPages, setState]);

  useEffect(() => {
    if (deletions > 0) headingRef.current?.focus();
  }, [deletions]);

  let summary = '';
  if (settled && ratings.length > 0) {
    const first = (state.page - 1) * query.limit + 1;
    const noun = total === 1 && !data.totalCapped ? 'rating' : 'ratings';
    summary = `Showing ${formatCount(first)}–${formatCount(first + ratings.length - 1)} of ${formatListTotal({ total, totalCapped: data.totalCapped })} ${noun}`;
  }

  return (
    <Page
      narrow
      title="My Ratings"
      titleRef={headingRef}
      description="Every store you have rated. Change your mind? Edit or delete a rating right here."
      actions={
        <SelectField
          label="Sort by"
          fieldClassName={styles.sort}
          value={state.sort}
          onChange={(e) => setState({ sort: e.target.value as MyRatingsSort, page: 1 })}
        >
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
      }
    >
      <section aria-label="Your ratings" aria-busy={isPending || isPlaceholderData}>
        <p className={styles.summary} aria-live="polite">
          {summary}
        </p>

        {isPending && <LoadingBlock layout="cards" count={4} label="Loading your ratings…" />}

        {refused && <ListWindowRefused onFirstPage={() => setState({ ...state, page: 1 })} />}

        {isError && !refused && (
          <ErrorState message="Your ratings could not be loaded." onRetry={() => void refetch()} retrying={isFetching} />
        )}

        {data && total === 0 && (
          <EmptyState
            icon="star"
            title="You have not rated any stores yet."
            text="Find a store you know and tell others what you thought."
            action={
              <Link to="/stores" className={buttonClassName()}>
                Browse stores
              </Link>
            }
          />
        )}

        {ratings.length > 0 && (
          <ul className={styles.list}>
            {ratings.map((item) => (
              <MyRatingItem key={item.id} item={item} onDeleted={() => setDeletions((n) => n + 1)} />
            ))}
          </ul>
        )}

        {!isError && <Pagination page={state.page} totalPages={totalPages} onPage={(page) => setState({ ...state, page })} />}
        {data && <ListWindowHint list={data} />}
      </section>
    </Page>
  );
}
