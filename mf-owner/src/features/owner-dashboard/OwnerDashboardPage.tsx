/**
 * /store-owner: the owner's figures over all their stores, then the ratings of their stores as a
 * sortable, filterable, paged table, then one compact card per store (average with label and colour
 * band, count); a store's 1-5 distribution and last 6 months open on demand, one store's at first. So
 * a phone reaches the reviews near the top, and the start-up work draws one chart, not one per store
 * (issue 16). The table's state lives in the URL (useSearchParams); the answers live in the query
 * cache (api/ownerDashboard.ts).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { storesCount, type OwnerRatingSortField } from 'shared-contracts';
import { EmptyState, ErrorState, isListWindowError, ListWindowRefused, LoadingBlock, Page } from 'shared-contracts/ui';
import { isUnknownStore, useOwnerDashboard } from './api/ownerDashboard';
import { RatingsTable } from './components/RatingsTable';
import { StoreCard } from './components/StoreCard';
import { SummaryPanel } from './components/SummaryPanel';
import { useTableState } from './hooks/useTableState';
import styles from './OwnerDashboardPage.module.css';
import { chooseSort, chooseStore, toDashboardQuery } from './table-state';

export default function OwnerDashboardPage() {
  const storesTitleId = useId();
  const [state, setState] = useTableState();
  const [storeGone, setStoreGone] = useState(false);
  const query = useMemo(() => toDashboardQuery(state), [state]);
  const { dashboard, answer } = useOwnerDashboard(query);

  // A store in the URL that is not (or no longer) the owner's: show every store instead, and say so.
  const unknownStore = dashboard.isError && isUnknownStore(query, dashboard.error);
  useEffect(() => {
    if (!unknownStore) return;
    setStoreGone(true);
    setState(chooseStore(state, undefined), { replace: true });
  }, [unknownStore, state, setState]);

  const failed = dashboard.isError && !unknownStore;
  const refused = failed && isListWindowError(dashboard.error);
  const retry = () => void dashboard.refetch();

  const onSort = (field: OwnerRatingSortField) => setState(chooseSort(state, field));
  const onStore = (storeId: number | undefined) => {
    setStoreGone(false);
    setState(chooseStore(state, storeId));
  };
  const onPage = (page: number) => setState({ ...state, page });

  // The stores whose details are open: until the owner opens or closes one, the store the table is
  // filtered to, or else the first store.
  const [opened, setOpened] = useState<ReadonlySet<number> | null>(null);
  const stores = answer?.stores ?? [];
  const firstShown = (stores.find((s) => s.id === state.storeId) ?? stores[0])?.id;
  const expanded: ReadonlySet<number> = opened ?? new Set(firstShown === undefined ? [] : [firstShown]);
  const toggleStore = (storeId: number) => {
    const next = new Set(expanded);
    if (!next.delete(storeId)) next.add(storeId);
    setOpened(next);
  };

  return (
    <Page
      title="Store Owner Dashboard"
      description="How customers rate your stores, month by month and rating by rating."
      busy={dashboard.isFetching}
    >
      {!answer && !failed && <LoadingBlock label="Loading your dashboard…" />}

      {!answer && refused && <ListWindowRefused onFirstPage={() => onPage(1)} />}

      {!answer && failed && !refused && (
        <ErrorState message="Your dashboard could not be loaded." onRetry={retry} retrying={dashboard.isFetching} />
      )}

      {answer && answer.stores.length === 0 && (
        <EmptyState
          icon="store"
          title="You do not own any stores yet. An administrator can add your store."
          text="Once a store is yours, its ratings and trends appear here."
        />
      )}

      {answer && answer.stores.length > 0 && (
        <div className={styles.sections}>
          <SummaryPanel summary={answer.summary} />

          {storeGone && (
            <p className={styles.notice} role="status">
              That store is not one of yours, so the ratings of all your stores are shown.
            </p>
          )}

          <RatingsTable
            stores={answer.stores}
            ratings={failed ? [] : answer.ratings}
            total={answer.total}
            totalPages={answer.totalPages}
            limit={answer.limit}
            totalCapped={answer.totalCapped}
            state={state}
            loading={dashboard.isPlaceholderData || unknownStore}
            failed={failed}
            refused={refused}
            retrying={dashboard.isFetching}
            onSort={onSort}
            onStore={onStore}
            onPage={onPage}
            onRetry={retry}
          />

          <section aria-labelledby={storesTitleId}>
            <h2 id={storesTitleId} className={styles.sectionTitle}>
              Your stores <span className={styles.muted}>({storesCount(answer.stores.length)})</span>
            </h2>
            <ul className={styles.grid}>
              {answer.stores.map((store) => (
                <StoreCard key={store.id} store={store} expanded={expanded.has(store.id)} onToggle={() => toggleStore(store.id)} />
              ))}
            </ul>
          </section>
        </div>
      )}
    </Page>
  );
}
