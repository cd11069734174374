/**
 * /stores: search, sort, category and rating chips, the store cards and pagination. Every choice lives
 * in the URL (useSearchParams), so a reload, a shared link and the back button keep it.
 */
import { useId, useMemo } from 'react';
import { STORE_PAGE_SIZE, type StoreSortField } from 'shared-contracts';
import { Link, useAuth, useLocation } from 'shared-contracts/react';
import { formatCount, formatListTotal, ListWindowHint, ListWindowRefused, Pagination } from 'shared-contracts/ui';
import { ChipGroup } from './components/ChipGroup';
import { SearchForm } from './components/SearchForm';
import { SortControls } from './components/SortControls';
import { StoreCard, StoreCardSkeleton } from './components/StoreCard';
import { CATEGORY_CHIPS, chooseSort, DEFAULT_LIST_STATE, hasSearchOrFilter, RATING_CHIPS, toListQuery } from './filters';
import { useStoreList } from './hooks/useStoreList';
import { useStoreListState } from './hooks/useStoreListState';
import styles from './StoreListPage.module.css';

export default function StoreListPage() {
  const { user } = useAuth();
  const location = useLocation();
  const [state, setState] = useStoreListState();
  const query = useMemo(() => toListQuery(state), [state]);
  const { status, data, refused, retry } = useStoreList(query);
  const titleId = useId();
  const resultsId = useId();

  const filtered = hasSearchOrFilter(state);
  const isAdmin = user?.role === 'system_admin';
  const stores = data?.stores ?? [];
  const total = data?.total ?? 0;
  const totalPages = data?.totalPages ?? 0;
  const backTo = location.pathname + location.search;

  const chooseField = (field: StoreSortField) => setState(chooseSort(state, field));
  const toggleOrder = () => setState({ ...state, sortOrder: state.sortOrder === 'asc' ? 'desc' : 'asc', page: 1 });
  const clearAll = () => setState({ ...DEFAULT_LIST_STATE, sortBy: state.sortBy, sortOrder: state.sortOrder });

  let summary = '';
  if (status === 'ready' && total > 0 && stores.length > 0) {
    // From the page the answer is for: for a moment after Next, the address says page 2 while page 1's cards still show.
    const first = ((data?.page ?? state.page) - 1) * STORE_PAGE_SIZE + 1;
    // A capped count says '1,000+' rather than claiming exactly 1,000.
    const noun = total === 1 && !data?.totalCapped ? 'store' : 'stores';
    summary = `Showing ${formatCount(first)}–${formatCount(first + stores.length - 1)} of ${formatListTotal({ total, totalCapped: data?.totalCapped })} ${noun}`;
  }

  return (
    <main className={styles.page} aria-labelledby={titleId}>
      <header className={styles.header}>
        <h1 id={titleId} className={styles.title}>
          Stores
        </h1>
        <p className={styles.subtitle}>Find a store, see what others think, and share your own rating.</p>
      </header>

      <section className={styles.controls} aria-label="Search, sort and filter stores">
        <div className={styles.toolbar}>
          <SearchForm value={state.search} onSearch={(search) => setState({ ...state, search, page: 1 })} />
          <SortControls sortBy={state.sortBy} sortOrder={state.sortOrder} onChooseField={chooseField} onToggleOrder={toggleOrder} />
        </div>
        <ChipGroup
          label="Category"
          chips={CATEGORY_CHIPS}
          selected={state.category}
          onSelect={(category) => setState({ ...state, category, page: 1 })}
        />
        <ChipGroup
          label="Rating"
          chips={RATING_CHIPS}
          selected={state.minRating}
          onSelect={(minRating) => setState({ ...state, minRating, page: 1 })}
        />
      </section>

      <section className={styles.results} aria-labelledby={resultsId} aria-busy={status === 'loading'}>
        <h2 id={resultsId} className={styles.srOnly}>
          Results
        </h2>
        <p className={styles.summary} aria-live="polite">
          {summary}
        </p>

        {status === 'loading' && (
          <>
            <p role="status" className={styles.srOnly}>
              Loading stores…
            </p>
            <ul className={styles.grid} aria-hidden="true">
              {Array.from({ length: 6 }, (_, i) => (
                <StoreCardSkeleton key={i} />
              ))}
            </ul>
          </>
        )}

        {status === 'error' && refused && (
          <ListWindowRefused
            onFirstPage={() => setState({ ...state, page: 1 })}
            classNames={{ panel: styles.empty, text: styles.emptyText, actions: styles.emptyActions, button: styles.secondaryButton }}
          />
        )}

        {status === 'error' && !refused && (
          <div className={styles.error} role="alert">
            <p className={styles.errorText}>The stores could not be loaded.</p>
            <button type="button" className={styles.primaryButton} onClick={retry}>
              Try again
            </button>
          </div>
        )}

        {status === 'ready' && stores.length > 0 && (
          <ul className={styles.grid}>
            {stores.map((store) => (
              <StoreCard key={store.id} store={store} backTo={backTo} />
            ))}
          </ul>
        )}

        {status === 'ready' && stores.length === 0 && (
          <div className={styles.empty}>
            <span className={styles.emptyIcon} aria-hidden="true">
              🏪
            </span>
            <p className={styles.emptyTitle}>No stores found</p>
            {filtered && <p className={styles.emptyText}>Try another search, or fewer filters.</p>}
            {!filtered && total > 0 && <p className={styles.emptyText}>There are no stores on this page.</p>}
            <div className={styles.emptyActions}>
              {filtered && (
                <button type="button" className={styles.secondaryButton} onClick={clearAll}>
                  Clear search and filters
                </button>
              )}
              {!filtered && total > 0 && state.page > 1 && (
                <button type="button" className={styles.secondaryButton} onClick={() => setState({ ...state, page: 1 })}>
                  Go to the first page
                </button>
              )}
              {isAdmin && !filtered && total === 0 && (
                <Link to="/admin/stores" className={styles.primaryButton}>
                  Add First Store
                </Link>
              )}
            </div>
          </div>
        )}

        {status !== 'error' && <Pagination page={state.page} totalPages={totalPages} onPage={(page) => setState({ ...state, page })} />}
        {status === 'ready' && <ListWindowHint list={data} />}
      </section>
    </main>
  );
}
