/**
 * /admin/stores: the stores table with search, sort by clicking a column, 10 per page, and the details,
 * add, edit and delete dialogs. Search, sort and page live in the URL.
 */
import { useId, useState } from 'react';
import { type AdminStore, MESSAGES } from 'shared-contracts';
import { useApi } from 'shared-contracts/react';
import { useListDeletion } from '../common/hooks/useListDeletion';
import { AdminOnly } from '../common/components/AdminOnly';
import { ConfirmDialog } from '../common/components/ConfirmDialog';
import { ListSummary } from '../common/components/ListSummary';
import { SearchForm } from '../common/components/SearchForm';
import { ListWindowHint, Pagination, Spinner } from 'shared-contracts/ui';
import { EmptyPanel, ErrorPanel, ListWindowPanel } from '../common/components/StatusPanels';
import toolbar from '../common/components/Toolbar.module.css';
import { ratingsCount } from '../common/format';
import { chooseSort } from '../common/list-state';
import buttons from '../common/styles/Buttons.module.css';
import page from '../common/styles/Page.module.css';
import { StoreDetailsModal } from './components/StoreDetailsModal';
import { StoreFormModal } from './components/StoreFormModal';
import { StoresTable } from './components/StoresTable';
import { useStoreList } from './hooks/useStoreList';

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
  const api = useApi();
  const titleId = useId();
  const { state, setState, status, data, reload, refused } = useStoreList();
  const [dialog, setDialog] = useState<Dialog>(null);
  const stores = data?.stores ?? [];
  const total = data?.total ?? 0;
  const totalPages = data?.totalPages ?? 0;
  const { headingRef, deleting, deleteRow } = useListDeletion({
    rowsOnPage: stores.length,
    page: state.page,
    goToPage: (p) => setState({ ...state, page: p }),
    reload,
    successMessage: MESSAGES.storeDeleted,
    failureMessage: MESSAGES.deleteStoreFailed,
  });
  const close = () => setDialog(null);
  const addStore = () => setDialog({ kind: 'create' });

  const saved = () => {
    setDialog(null);
    reload();
  };

  const confirmDelete = () => {
    if (dialog?.kind !== 'delete') return;
    void deleteRow(() => api.admin.deleteStore(dialog.store.id), close);
  };

  return (
    <main className={page.page} aria-labelledby={titleId}>
      <header className={page.header}>
        <div>
          <h1 id={titleId} ref={headingRef} tabIndex={-1} className={page.title}>
            Store Management
          </h1>
          <p className={page.subtitle}>Every store, its owner and its rating.</p>
        </div>
        <button type="button" className={`${buttons.button} ${buttons.primary}`} onClick={addStore}>
          <span aria-hidden="true">+</span> Add Store
        </button>
      </header>

      <div className={toolbar.toolbar}>
        <SearchForm
          label="Search stores"
          placeholder="Name, address or email"
          value={state.search}
          onSearch={(search) => setState({ ...state, search, page: 1 })}
        />
      </div>

      <ListSummary page={state.page} shown={status === 'ready' ? stores.length : 0} total={total} totalCapped={data?.totalCapped} noun={['store', 'stores']} />

      {status === 'loading' && !data && <Spinner size="sm" label="Loading stores…" />}
      {status === 'loading' && data && (
        <p role="status" className={page.srOnly}>
          Loading stores…
        </p>
      )}
      {status === 'error' && refused && <ListWindowPanel onFirstPage={() => setState({ ...state, page: 1 })} />}
      {status === 'error' && !refused && <ErrorPanel text="The stores could not be loaded." onRetry={reload} />}

      {status !== 'error' && data && stores.length > 0 && (
        <StoresTable
          stores={stores}
          state={state}
          total={total}
          totalCapped={data.totalCapped}
          busy={status === 'loading'}
          onSort={(field) => setState(chooseSort(state, field))}
          onView={(store) => setDialog({ kind: 'details', store })}
          onEdit={(store) => setDialog({ kind: 'edit', store })}
          onDelete={(store) => setDialog({ kind: 'delete', store })}
        />
      )}

      {status === 'ready' && stores.length === 0 && (
        <EmptyPanel
          icon="🏪"
          title="No stores found"
          text={state.search ? 'Try another search.' : total > 0 ? 'There are no stores on this page.' : 'Add the first store to get started.'}
        >
          {state.search && (
            <button type="button" className={`${buttons.button} ${buttons.secondary}`} onClick={() => setState({ ...state, search: '', page: 1 })}>
              Show all stores
            </button>
          )}
          {!state.search && total > 0 && state.page > 1 && (
            <button type="button" className={`${buttons.button} ${buttons.secondary}`} onClick={() => setState({ ...state, page: 1 })}>
              Go to the first page
            </button>
          )}
          {!state.search && total === 0 && (
            <button type="button" className={`${buttons.button} ${buttons.primary}`} onClick={addStore}>
              Add First Store
            </button>
          )}
        </EmptyPanel>
      )}

      {status !== 'error' && (
        <Pagination label="Stores pages" pageLabel={(n) => `Page ${n}`} tight page={state.page} totalPages={totalPages} onPage={(p) => setState({ ...state, page: p })} />
      )}
      {status !== 'error' && <ListWindowHint list={data} tight />}

      {dialog?.kind === 'details' && <StoreDetailsModal store={dialog.store} onClose={close} />}
      {dialog?.kind === 'create' && <StoreFormModal mode="create" onClose={close} onSaved={saved} />}
      {dialog?.kind === 'edit' && <StoreFormModal mode="edit" store={dialog.store} onClose={close} onSaved={saved} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete store"
          message={MESSAGES.confirmDeleteStore}
          detail={
            <>
              <strong>{dialog.store.name}</strong> and its {ratingsCount(dialog.store.total_ratings)} will be removed. This cannot be undone.
            </>
          }
          confirmLabel="Delete"
          busyLabel="Deleting…"
          busy={deleting}
          onConfirm={confirmDelete}
          onCancel={close}
        />
      )}
    </main>
  );
}
