import { type AdminStore, formatDate } from 'shared-contracts';
import { Button, formatListTotal, Table, type TableColumn, tableStyles, VisuallyHidden } from 'shared-contracts/ui';
import adminTable from '../../common/components/AdminTable.module.css';
import { AverageRating } from '../../common/components/AverageRating';
import type { StoreListState, StoreTableSortField } from '../list-config';

export interface StoresTableProps {
  stores: AdminStore[];
  state: StoreListState;
  total: number;
  /** The matches were counted only up to LIST_WINDOW: the caption says '1,000+'. */
  totalCapped?: boolean;
  busy: boolean;
  onSort: (field: StoreTableSortField) => void;
  onView: (store: AdminStore) => void;
  onEdit: (store: AdminStore) => void;
  onDelete: (store: AdminStore) => void;
}

/** The stores of one page: sortable by name, address, rating and date added (the city is in the details and the City filter), with row actions (email and phone are in the details). */
export function StoresTable({ stores, state, total, totalCapped = false, busy, onSort, onView, onEdit, onDelete }: StoresTableProps) {
  const columns: TableColumn<AdminStore, StoreTableSortField>[] = [
    { key: 'name', header: 'Name', sortField: 'name', rowHeader: true, className: tableStyles.wrap, cell: (store) => store.name },
    { key: 'category', header: 'Category', className: tableStyles.nowrap, cell: (store) => store.category },
    {
      key: 'address',
      header: 'Address',
      sortField: 'address',
      className: `${tableStyles.wrap} ${tableStyles.muted}`,
      cell: (store) => store.address,
    },
    { key: 'owner', header: 'Owner', className: tableStyles.wrap, cell: (store) => store.owner_name },
    {
      key: 'rating',
      header: 'Rating',
      sortField: 'rating',
      cell: (store) => <AverageRating average={store.average_rating} count={store.total_ratings} />,
    },
    {
      key: 'created',
      header: 'Created',
      sortField: 'created_at',
      className: tableStyles.nowrap,
      cell: (store) => <time dateTime={store.created_at}>{formatDate(store.created_at)}</time>,
    },
    {
      key: 'actions',
      header: 'Actions',
      cardLabel: false,
      className: adminTable.actions,
      cell: (store) => (
        <div className={tableStyles.actions}>
          <Button size="sm" variant="secondary" onClick={() => onView(store)}>
            View<VisuallyHidden> details of {store.name}</VisuallyHidden>
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onEdit(store)}>
            Edit<VisuallyHidden> {store.name}</VisuallyHidden>
          </Button>
          <Button size="sm" variant="dangerGhost" onClick={() => onDelete(store)}>
            Delete<VisuallyHidden> {store.name}</VisuallyHidden>
          </Button>
        </div>
      ),
    },
  ];
  return (
    <Table
      columns={columns}
      rows={stores}
      rowKey={(store) => store.id}
      caption="Stores"
      captionNote={`(${formatListTotal({ total, totalCapped })} in all${state.search ? ` matching “${state.search}”` : ''})`}
      sort={{ sortBy: state.sortBy, sortOrder: state.sortOrder, onSort }}
      loading={busy}
      className={adminTable.table}
      loadingLabel="Loading stores…"
      minWidth="50rem"
    />
  );
}
