/**
 * /store-owner: the owner's figures over all their stores, one card per store (average with label and
 * colour band, count, 1-5 distribution, the last 6 months), and the ratings of their stores as a
 * sortable, filterable, paged table. The table's state lives in the URL (useSearchParams).
 */
import { useCallback, useId, useMemo, useState } from 'react';
import { type OwnerRatingSortField } from 'shared-contracts';
import { ListWindowRefused, Spinner } from 'shared-contracts/ui';
import { storesCount } from '../common/format';
import { RatingsTable } from './components/RatingsTable';
import { StoreCard } from './components/StoreCard';
import { SummaryPanel } from './components/SummaryPanel';
import { useOwnerDashboard } from './hooks/useOwnerDashboard';
import { useTableState } from './hooks/useTableState';
import styles from './OwnerDashboardPage.module.css';
import { chooseSort, chooseStore, toDashboardQuery } from './table-state';

export default function OwnerDashboardPage() {
  const titleId = useId();
  const storesTitleId = useId();
  const [state, setState] = useTableState();
  const [storeGone, setStoreGone] = useState(false);
  const query = useMemo(() => toDashboardQuery(state), [state]);

  // A store in the URL that is not (or no longer) the owner's: show every store instead, and say so.
  const onUnknownStore = useCallback(() => {
    setStoreGone(true);
    setState(chooseStore(state, undefined), { replace: true });
  }, [state, setState]);
  const { status, data, refused, retry } = useOwnerDashboard(query, { onUnknownStore });

  const onSort = (field: OwnerRatingSortField) => setState(chooseSort(state, field));
  const onStore = (storeId: number | undefined) => {
    setStoreGone(false);
    setState(chooseStore(state, storeId));
  };
  const onPage = (page: number) => setState({ ...state, page });

  return (
    <main className={styles.page} aria-labelledby={titleId} aria-busy={status === 'loading'}>
      <header className={styles.header}>
        <h1 id={titleId} className={styles.title}>
          Store Owner Dashboard
        </h1>
        <p className={styles.subtitle}>How customers rate your stores, month by month and rating by rating.</p>
      </header>

      {!data && status === 'loading' && <Spinner label="Loading your dashboard…" />}

      {!data && status === 'error' && refused && (
        <ListWindowRefused
          onFirstPage={() => onPage(1)}
          classNames={{ panel: styles.empty, text: styles.emptyText, button: styles.primaryButton }}
        />
      )}

      {!data && status === 'error' && !refused && (
        <div className={styles.error} role="alert">
          <p className={styles.errorText}>Your dashboard could not be loaded.</p>
          <button type="button" className={styles.primaryButton} onClick={retry}>
            Try again
          </button>
        </div>
      )}

      {data && data.stores.length === 0 && (
        <div className={styles.empty}>
          <span className={styles.emptyIcon} aria-hidden="true">
            🏪
          </span>
          <p className={styles.emptyTitle}>You do not own any stores yet. An administrator can add your store.</p>
          <p className={styles.emptyText}>Once a store is yours, its ratings and trends appear here.</p>
        </div>
      )}

      {data && data.stores.length > 0 && (
        <>
          <SummaryPanel summary={data.summary} />

          <section aria-labelledby={storesTitleId}>
            <h2 id={storesTitleId} className={styles.sectionTitle}>
              Your stores <span className={styles.muted}>({storesCount(data.stores.length)})</span>
            </h2>
            <ul className={styles.grid}>
              {data.stores.map((store) => (
                <StoreCard key={store.id} store={store} />
              ))}
            </ul>
          </section>

          {storeGone && (
            <p className={styles.notice} role="status">
              That store is not one of yours, so the ratings of all your stores are shown.
            </p>
          )}

          <RatingsTable
            stores={data.stores}
            ratings={status === 'error' ? [] : data.ratings}
            total={data.total}
            totalPages={data.totalPages}
            limit={data.limit}
            totalCapped={data.totalCapped}
            state={state}
            loading={status === 'loading'}
            failed={status === 'error'}
            refused={status === 'error' && refused}
            onSort={onSort}
            onStore={onStore}
            onPage={onPage}
            onRetry={retry}
          />
        </>
      )}
    </main>
  );
}
