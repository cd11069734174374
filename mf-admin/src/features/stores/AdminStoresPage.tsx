/**
 * /admin/stores: the stores table with search, sort by clicking a column, 10 per page, and the details,
 * add, edit and delete dialogs. Search, the city filter, sort and page live in the URL.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { type AdminStore, MESSAGES, ratingsCount } from 'shared-contracts';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Icon,
  isListWindowError,
  ListWindowHint,
  ListWindowRefused,
  LoadingBlock,
  Page,
  CitySelect,
  Pagination,
  VisuallyHidden,
} from 'shared-contracts/ui';
import { AdminOnly } from '../common/components/AdminOnly';
import { ListSummary } from '../common/components/ListSummary';
import { SearchForm } from '../common/components/SearchForm';
import toolbar from '../common/components/Toolbar.module.css';
import { useListState } from '../common/hooks/useListState';
import { chooseSort } from '../common/list-state';
import { useDeleteStore, useStoreCitiesQuery, useStoreListQuery } from './api/stores';
import { StoreDetailsModal } from './components/StoreDetailsModal';
import { StoreFormModal } from './components/StoreFormModal';
import { StoresTable } from './components/StoresTable';
import { STORE_LIST_CONFIG, toStoreQuery } from './list-config';

type Dialog =
  | { kind: 'details'; store: AdminStore }
  | { kind: 'edit'; store: AdminStore }
  | { kind: 'delete'; store: AdminStore }
  | { kind: 'create' }
  | null;

export default function AdminStoresPage() {
  return (
    <AdminOnly>
      <StoresScreen />
    </AdminOnly>
  );
}

function StoresScreen() {
  const [state, setState] = useListState(STORE_LIST_CONFIG);
  const list = useStoreListQuery(useMemo(() => toStoreQuery(state), [state]));
  const deletion = useDeleteStore();
  const cities = useStoreCitiesQuery();
  const filtered = Boolean(state.search || state.filters.city);
  const [dialog, setDialog] = useState<Dialog>(null);
  // After a delete the row and its buttons are gone: focus goes to the page's heading.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [focusTitle, setFocusTitle] = useState(0);
  useEffect(() => {
    if (focusTitle > 0) titleRef.current?.focus();
  }, [focusTitle]);

  const data = list.data;
  const stores = data?.stores ?? [];
  const total = data?.total ?? 0;
  const loaded = list.isSuccess && !list.isPlaceholderData;
  const close = () => setDialog(null);
  const addStore = () => setDialog({ kind: 'create' });
  const goTo = (page: number) => setState({ ...state, page });

  const confirmDelete = (store: AdminStore) =>
    deletion.mutate(store.id, {
      onSuccess: () => {
        setFocusTitle((n) => n + 1);
        // The last row of a later page went: that page is empty now, show the one before.
        if (stores.length === 1 && state.page > 1) goTo(state.page - 1);
      },
      onSettled: close,
    });

  return (
    <Page
      title="Store Management"
      titleRef={titleRef}
      description="Every store, its owner and its rating."
      actions={
        <Button onClick={addStore}>
          <Icon name="plus" />
          Add Store
        </Button>
      }
    >
      <div className={toolbar.toolbar}>
        <SearchForm
          label="Search stores"
          placeholder="Name, address or email"
          value={state.search}
          onSearch={(search) => setState({ ...state, search, page: 1 })}
        />
        <CitySelect
          cities={cities.data}
          city={state.filters.city}
          fieldClassName={toolbar.filter}
          onChange={(city) => setState({ ...state, filters: { city }, page: 1 })}
        />
      </div>

      <ListSummary
        page={state.page}
        shown={loaded ? stores.length : 0}
        total={total}
        totalCapped={data?.totalCapped}
        noun={['store', 'stores']}
      />

      {list.isPending && <LoadingBlock layout="rows" label="Loading stores…" />}
      {list.isPlaceholderData && <VisuallyHidden role="status">Loading stores…</VisuallyHidden>}
      {list.isError &&
        (isListWindowError(list.error) ? (
          <ListWindowRefused onFirstPage={() => goTo(1)} />
        ) : (
          <ErrorState message="The stores could not be loaded." onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ))}

      {!list.isError && stores.length > 0 && (
        <StoresTable
          stores={stores}
          state={state}
          total={total}
          totalCapped={data?.totalCapped}
          busy={list.isFetching}
          onSort={(field) => setState(chooseSort(state, field))}
          onView={(store) => setDialog({ kind: 'details', store })}
          onEdit={(store) => setDialog({ kind: 'edit', store })}
          onDelete={(store) => setDialog({ kind: 'delete', store })}
        />
      )}

      {loaded && stores.length === 0 && (
        <EmptyState
          icon="store"
          title="No stores found"
          text={
            filtered
              ? 'Try another search or city.'
              : total > 0
                ? 'There are no stores on this page.'
                : 'Add the first store to get started.'
          }
          action={
            filtered ? (
              <Button variant="secondary" onClick={() => setState({ ...state, search: '', filters: {}, page: 1 })}>
                Show all stores
              </Button>
            ) : total > 0 ? (
              state.page > 1 && (
                <Button variant="secondary" onClick={() => goTo(1)}>
                  Go to the first page
                </Button>
              )
            ) : (
              <Button onClick={addStore}>Add First Store</Button>
            )
          }
        />
      )}

      {!list.isError && (
        <>
          <Pagination
            label="Stores pages"
            pageLabel={(n) => `Page ${n}`}
            tight
            page={state.page}
            totalPages={data?.totalPages ?? 0}
            onPage={goTo}
          />
          <ListWindowHint list={data} tight />
        </>
      )}

      {dialog?.kind === 'details' && <StoreDetailsModal store={dialog.store} onClose={close} />}
      {dialog?.kind === 'create' && <StoreFormModal mode="create" onClose={close} onSaved={close} />}
      {dialog?.kind === 'edit' && <StoreFormModal mode="edit" store={dialog.store} onClose={close} onSaved={close} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete store"
          message={MESSAGES.confirmDeleteStore}
          detail={
            <>
              <strong>{dialog.store.name}</strong> and its {ratingsCount(dialog.store.total_ratings)} will be removed. This cannot be
              undone.
            </>
          }
          confirmLabel="Delete"
          busyLabel="Deleting…"
          busy={deletion.isPending}
          onConfirm={() => confirmDelete(dialog.store)}
          onCancel={close}
        />
      )}
    </Page>
  );
}
