import { useId } from 'react';
import type { AdminStore } from 'shared-contracts';
import { AverageRating } from '../../common/components/AverageRating';
import { formatListTotal } from 'shared-contracts/ui';
import styles from '../../common/components/DataTable.module.css';
import { SortableHeader } from '../../common/components/SortableHeader';
import { formatDate } from '../../common/format';
import buttons from '../../common/styles/Buttons.module.css';
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

/** The stores of one page: sortable by name, address, rating and date added, with row actions (email and phone are in the details). */
export function StoresTable({ stores, state, total, totalCapped = false, busy, onSort, onView, onEdit, onDelete }: StoresTableProps) {
  const captionId = useId();
  const sort = { sortBy: state.sortBy, sortOrder: state.sortOrder, onSort };
  const action = `${buttons.button} ${buttons.small}`;
  return (
    <>
    <p className={styles.scrollHint} aria-hidden="true">
      Scroll sideways to see every column.
    </p>
    <div className={`${styles.region} ${busy ? styles.busy : ''}`} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table} aria-busy={busy}>
        <caption id={captionId} className={styles.caption}>
          Stores
          <span className={styles.captionNote}>
            ({formatListTotal({ total, totalCapped })} in all{state.search ? ` matching “${state.search}”` : ''})
          </span>
        </caption>
        <thead>
          <tr>
            <SortableHeader field="name" label="Name" {...sort} />
            <th scope="col">Category</th>
            <SortableHeader field="address" label="Address" {...sort} />
            <th scope="col">Owner</th>
            <SortableHeader field="rating" label="Rating" {...sort} />
            <SortableHeader field="created_at" label="Created" {...sort} />
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {stores.map((store) => (
            <tr key={store.id}>
              <th scope="row" className={`${styles.rowHeader} ${styles.wrap}`}>
                {store.name}
              </th>
              <td className={styles.nowrap}>{store.category}</td>
              <td className={`${styles.wrap} ${styles.muted}`}>{store.address}</td>
              <td className={styles.wrap}>{store.owner_name}</td>
              <td>
                <AverageRating average={store.average_rating} count={store.total_ratings} />
              </td>
              <td className={styles.nowrap}>
                <time dateTime={store.created_at}>{formatDate(store.created_at)}</time>
              </td>
              <td>
                <div className={styles.actions}>
                  <button type="button" className={`${action} ${buttons.secondary}`} onClick={() => onView(store)}>
                    View<span className={buttons.srOnly}> details of {store.name}</span>
                  </button>
                  <button type="button" className={`${action} ${buttons.secondary}`} onClick={() => onEdit(store)}>
                    Edit<span className={buttons.srOnly}> {store.name}</span>
                  </button>
                  <button type="button" className={`${action} ${buttons.ghostDanger}`} onClick={() => onDelete(store)}>
                    Delete<span className={buttons.srOnly}> {store.name}</span>
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
    </>
  );
}
