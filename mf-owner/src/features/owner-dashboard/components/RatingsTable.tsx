import { useId } from 'react';
import { OWNER_DASHBOARD_PAGE_SIZE, type OwnerRating, type OwnerRatingSortField, type OwnerStore } from 'shared-contracts';
import { formatCount, formatListTotal, ListWindowHint, ListWindowRefused, Pagination, Stars } from 'shared-contracts/ui';
import { formatDate } from '../../common/format';
import { SORT_COLUMNS, type TableState } from '../table-state';
import styles from './RatingsTable.module.css';

export interface RatingsTableProps {
  stores: OwnerStore[];
  ratings: OwnerRating[];
  total: number;
  /** Pages the API lets us open (the list is bounded by LIST_WINDOW rows), of `limit` ratings each. */
  totalPages: number;
  limit: number;
  /** The ratings were counted only up to LIST_WINDOW: the count reads '1,000+'. */
  totalCapped?: boolean;
  state: TableState;
  /** A newer page, sort or filter is on its way; the rows shown are the previous answer's. */
  loading: boolean;
  /** The last request failed: an inline message with a retry replaces the rows. */
  failed: boolean;
  /** The failure was the API's refusal of a page beyond the list window: its message and a way to page 1 instead. */
  refused?: boolean;
  onSort: (field: OwnerRatingSortField) => void;
  onStore: (storeId: number | undefined) => void;
  onPage: (page: number) => void;
  onRetry: () => void;
}

const ORDER_WORDS = {
  created_at: { asc: 'oldest first', desc: 'newest first' },
  rating: { asc: 'lowest first', desc: 'highest first' },
  user_name: { asc: 'A to Z', desc: 'Z to A' },
  store_name: { asc: 'A to Z', desc: 'Z to A' },
} as const;

function SortHeader({ field, state, onSort }: { field: OwnerRatingSortField; state: TableState; onSort: (f: OwnerRatingSortField) => void }) {
  const active = state.sortBy === field;
  const ariaSort = active ? (state.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" role="columnheader" aria-sort={ariaSort} className={styles.sortable}>
      <button type="button" className={`${styles.sortButton} ${active ? styles.sorted : ''}`} onClick={() => onSort(field)}>
        {SORT_COLUMNS[field]}
        <span className={styles.sortIcon} aria-hidden="true">
          {active ? (state.sortOrder === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

function EmptyRow({ storeName, total, page, onFirstPage }: { storeName?: string; total: number; page: number; onFirstPage: () => void }) {
  let text: string;
  if (total > 0 && page > 1) text = 'There are no ratings on this page.';
  else if (storeName) text = `No ratings for ${storeName} yet. They will appear here as soon as customers rate it.`;
  else text = 'Your stores have no ratings yet. They will appear here as soon as customers rate them.';
  return (
    <tr role="row" className={styles.emptyRow}>
      <td role="cell" colSpan={5} className={styles.emptyCell}>
        <p className={styles.emptyText}>{text}</p>
        {total > 0 && page > 1 && (
          <button type="button" className={styles.button} onClick={onFirstPage}>
            Go to the first page
          </button>
        )}
      </td>
    </tr>
  );
}

/** The ratings of the owner's stores: rater, store, stars, comment and date; sortable, filterable by store, paged. */
export function RatingsTable(props: RatingsTableProps) {
  const { stores, ratings, total, totalPages, limit, totalCapped = false, state, loading, failed, refused = false, onSort, onStore, onPage, onRetry } = props;
  const titleId = useId();
  const selectId = useId();
  const captionId = useId();
  const selectedStore = state.storeId === undefined ? undefined : stores.find((s) => s.id === state.storeId);
  const scope = selectedStore ? selectedStore.name : 'all your stores';
  const order = ORDER_WORDS[state.sortBy][state.sortOrder];

  let shown = '';
  if (!failed && ratings.length > 0) {
    const first = (state.page - 1) * OWNER_DASHBOARD_PAGE_SIZE + 1;
    const noun = total === 1 && !totalCapped ? 'rating' : 'ratings';
    shown = `Showing ${formatCount(first)}–${formatCount(first + ratings.length - 1)} of ${formatListTotal({ total, totalCapped })} ${noun}`;
  }

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <div className={styles.toolbar}>
        <h2 id={titleId} className={styles.title}>
          Ratings
        </h2>
        <div className={styles.filter}>
          <label htmlFor={selectId} className={styles.filterLabel}>
            Store
          </label>
          <select
            id={selectId}
            className={styles.select}
            value={state.storeId === undefined ? '' : String(state.storeId)}
            onChange={(e) => onStore(e.target.value === '' ? undefined : Number(e.target.value))}
          >
            <option value="">All my stores</option>
            {stores.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
      </div>

      <p className={styles.shown} aria-live="polite">
        {loading ? <span className={styles.srOnly}>Loading ratings…</span> : shown}
      </p>

      {failed && refused && (
        <ListWindowRefused
          onFirstPage={() => onPage(1)}
          classNames={{ panel: styles.notice, text: styles.emptyText, button: styles.button }}
        />
      )}
      {failed && !refused && (
        <div className={styles.error} role="alert">
          <p className={styles.errorText}>The ratings could not be loaded.</p>
          <button type="button" className={styles.button} onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      {!failed && (
        // Named by the table's caption: the section around it is already the 'Ratings' region.
        <div className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
          {/* Explicit roles: the narrow layout restyles rows as cards, and the table must stay a table. */}
          <table role="table" className={`${styles.table} ${loading ? styles.busy : ''}`} aria-busy={loading}>
            <caption id={captionId} className={styles.srOnly}>{`Ratings of ${scope}, sorted by ${SORT_COLUMNS[state.sortBy].toLowerCase()}, ${order}`}</caption>
            <thead role="rowgroup">
              <tr role="row">
                <SortHeader field="user_name" state={state} onSort={onSort} />
                <SortHeader field="store_name" state={state} onSort={onSort} />
                <SortHeader field="rating" state={state} onSort={onSort} />
                <th scope="col" role="columnheader" className={styles.commentHead}>
                  Comment
                </th>
                <SortHeader field="created_at" state={state} onSort={onSort} />
              </tr>
            </thead>
            <tbody role="rowgroup">
              {ratings.length === 0 ? (
                <EmptyRow storeName={selectedStore?.name} total={total} page={state.page} onFirstPage={() => onPage(1)} />
              ) : (
                ratings.map((r) => (
                  <tr key={r.id} role="row">
                    <td role="cell" className={styles.rater}>
                      <span className={styles.raterName}>{r.user_name}</span>
                      <span className={styles.raterEmail}>{r.user_email}</span>
                    </td>
                    <td role="cell" className={styles.store} data-label="Store">
                      {r.store_name}
                    </td>
                    <td role="cell" className={styles.stars}>
                      <Stars value={r.rating} size="sm" label={`${r.rating} out of 5 stars`} />
                    </td>
                    <td role="cell" className={styles.comment}>{r.comment ? r.comment : <span className={styles.muted}>No comment</span>}</td>
                    <td role="cell" className={styles.date}>
                      <time dateTime={r.created_at}>{formatDate(r.created_at)}</time>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}

      {!failed && <Pagination label="Ratings pages" tight page={state.page} totalPages={totalPages} onPage={onPage} />}
      {!failed && <ListWindowHint list={{ total, totalPages, limit, totalCapped }} tight />}
    </section>
  );
}
