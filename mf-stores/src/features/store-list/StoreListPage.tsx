/**
 * /stores: search, sort, category and rating chips, the city, the store cards and pagination. Every choice lives
 * in the URL (useSearchParams), so a reload, a shared link and the back button keep it. On a narrow
 * screen the sort and the chips fold behind a Filters button (the search stays), so the stores start
 * on the first screen.
 */
import { useId, useMemo, useState } from 'react';
import { formatCount, STORE_PAGE_SIZE, type StoreSortField } from 'shared-contracts';
import { Link, useAuth, useLocation } from 'shared-contracts/react';
import {
  buttonClassName,
  Button,
  cx,
  EmptyState,
  ErrorState,
  formatListTotal,
  Icon,
  isListWindowError,
  ListWindowHint,
  ListWindowRefused,
  Page,
  Pagination,
  VisuallyHidden,
} from 'shared-contracts/ui';
import { useStoreList } from './api/useStoreList';
import { ChipGroup } from './components/ChipGroup';
import { CityFilter } from './components/CityFilter';
import { SearchForm } from './components/SearchForm';
import { SortControls } from './components/SortControls';
import { StoreCard, StoreCardSkeleton } from './components/StoreCard';
import { activeFilterCount, CATEGORY_CHIPS, chooseSort, DEFAULT_LIST_STATE, hasSearchOrFilter, RATING_CHIPS, toListQuery } from './filters';
import { useStoreListState } from './hooks/useStoreListState';
import styles from './StoreListPage.module.css';

export default function StoreListPage() {
  const { user } = useAuth();
  const location = useLocation();
  const [state, setState] = useStoreListState();
  const query = useMemo(() => toListQuery(state), [state]);
  const list = useStoreList(query);
  const resultsId = useId();
  const filtersId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);

  const { data } = list;
  const loading = list.isPending;
  // Failed with nothing to show (a failed refresh of a page on screen keeps the page: the toast says it).
  const failed = list.isError && !data;
  const refused = failed && isListWindowError(list.error);
  const filtered = hasSearchOrFilter(state);
  const activeFilters = activeFilterCount(state);
  const isAdmin = user?.role === 'system_admin';
  const stores = data?.stores ?? [];
  const total = data?.total ?? 0;
  const totalPages = data?.totalPages ?? 0;
  const backTo = location.pathname + location.search;

  const chooseField = (field: StoreSortField) => setState(chooseSort(state, field));
  const toggleOrder = () => setState({ ...state, sortOrder: state.sortOrder === 'asc' ? 'desc' : 'asc', page: 1 });
  const clearAll = () => setState({ ...DEFAULT_LIST_STATE, sortBy: state.sortBy, sortOrder: state.sortOrder });
  const firstPage = () => setState({ ...state, page: 1 });

  let summary = '';
  if (data && total > 0 && stores.length > 0) {
    // From the page the answer is for: while the next page is on its way, the address says page 2 while page 1's cards still show.
    const first = (data.page - 1) * STORE_PAGE_SIZE + 1;
    // A capped count says '1,000+' rather than claiming exactly 1,000.
    const noun = total === 1 && !data.totalCapped ? 'store' : 'stores';
    summary = `Showing ${formatCount(first)}–${formatCount(first + stores.length - 1)} of ${formatListTotal(data)} ${noun}`;
  }

  return (
    <Page title="Stores" description="Find a store, see what others think, and share your own rating.">
      <section className={styles.controls} aria-label="Search, sort and filter stores">
        <SearchForm value={state.search} onSearch={(search) => setState({ ...state, search, page: 1 })} />
        {/* Below 40rem only (CSS): the sort and the chips fold behind this button, so the stores start on the first screen. */}
        <Button
          variant="secondary"
          className={styles.filtersToggle}
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <Icon name="filter" />
          {activeFilters > 0 ? `Filters (${activeFilters})` : 'Filters'}
        </Button>
        <div id={filtersId} className={cx(styles.filters, !filtersOpen && styles.filtersClosed)}>
          <SortControls sortBy={state.sortBy} sortOrder={state.sortOrder} onChooseField={chooseField} onToggleOrder={toggleOrder} />
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
          <CityFilter city={state.city} onChange={(city) => setState({ ...state, city, page: 1 })} />
        </div>
      </section>

      <section className={styles.results} aria-labelledby={resultsId} aria-busy={loading || list.isPlaceholderData}>
        <VisuallyHidden>
          <h2 id={resultsId}>Results</h2>
        </VisuallyHidden>
        <p className={styles.summary} aria-live="polite">
          {summary}
        </p>

        {loading && (
          <>
            <VisuallyHidden role="status">Loading stores…</VisuallyHidden>
            <ul className={styles.grid} aria-hidden="true">
              {Array.from({ length: 6 }, (_, i) => (
                <StoreCardSkeleton key={i} />
              ))}
            </ul>
          </>
        )}

        {refused && <ListWindowRefused onFirstPage={firstPage} />}

        {failed && !refused && (
          <ErrorState message="The stores could not be loaded." onRetry={() => void list.refetch()} retrying={list.isFetching} />
        )}

        {data && stores.length > 0 && (
          <ul className={styles.grid}>
            {stores.map((store) => (
              <StoreCard key={store.id} store={store} backTo={backTo} canRate={user !== null && user.id !== store.owner_id} />
            ))}
          </ul>
        )}

        {data && stores.length === 0 && (
          <EmptyState
            icon="store"
            title="No stores found"
            text={filtered ? 'Try another search, or fewer filters.' : total > 0 ? 'There are no stores on this page.' : undefined}
            action={
              (filtered || (total > 0 && state.page > 1) || (isAdmin && total === 0)) && (
                <>
                  {filtered && (
                    <Button variant="secondary" onClick={clearAll}>
                      Clear search and filters
                    </Button>
                  )}
                  {!filtered && total > 0 && state.page > 1 && (
                    <Button variant="secondary" onClick={firstPage}>
                      Go to the first page
                    </Button>
                  )}
                  {isAdmin && !filtered && total === 0 && (
                    <Link to="/admin/stores" className={buttonClassName()}>
                      Add First Store
                    </Link>
                  )}
                </>
              )
            }
          />
        )}

        {!failed && <Pagination page={state.page} totalPages={totalPages} onPage={(page) => setState({ ...state, page })} />}
        {data && <ListWindowHint list={data} />}
      </section>
    </Page>
  );
}
