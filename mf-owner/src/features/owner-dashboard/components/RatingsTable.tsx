import {
  formatCount,
  formatDate,
  OWNER_DASHBOARD_PAGE_SIZE,
  type OwnerRating,
  type OwnerRatingSortField,
  type OwnerStore,
} from 'shared-contracts';
import {
  Button,
  Card,
  ErrorState,
  formatListTotal,
  ListWindowHint,
  ListWindowRefused,
  Pagination,
  SelectField,
  Stars,
  Table,
  type TableColumn,
  tableStyles,
  VisuallyHidden,
} from 'shared-contracts/ui';
import { SORT_COLUMNS, type TableState } from '../table-state';
import { ReplyCell } from './ReplyCell';
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
  /** A retry of the failed request is on its way. */
  retrying?: boolean;
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

/** Rater (the row's header: the card's title on a narrow screen), store, stars, comment, date, and the owner's reply. */
const COLUMNS: readonly TableColumn<OwnerRating, OwnerRatingSortField>[] = [
  {
    key: 'rater',
    header: SORT_COLUMNS.user_name,
    sortField: 'user_name',
    rowHeader: true,
    className: styles.rater,
    cell: (r) => (
      <>
        <span className={styles.raterName}>{r.user_name}</span>
        <span className={styles.raterEmail}>{r.user_email}</span>
      </>
    ),
  },
  { key: 'store', header: SORT_COLUMNS.store_name, sortField: 'store_name', className: tableStyles.wrap, cell: (r) => r.store_name },
  {
    key: 'stars',
    header: SORT_COLUMNS.rating,
    sortField: 'rating',
    cardLabel: false,
    className: tableStyles.nowrap,
    cell: (r) => <Stars value={r.rating} size="sm" label={`${r.rating} out of 5 stars`} />,
  },
  {
    key: 'comment',
    header: 'Comment',
    cardLabel: false,
    className: styles.comment,
    cell: (r) => (r.comment ? r.comment : <span className={styles.noComment}>No comment</span>),
  },
  {
    key: 'date',
    header: SORT_COLUMNS.created_at,
    sortField: 'created_at',
    cardLabel: false,
    className: styles.date,
    cell: (r) => <time dateTime={r.created_at}>{formatDate(r.created_at)}</time>,
  },
  { key: 'reply', header: 'Your reply', cardLabel: false, cell: (r) => <ReplyCell rating={r} /> },
];

function emptyText(storeName: string | undefined, pastEnd: boolean): string {
  if (pastEnd) return 'There are no ratings on this page.';
  if (storeName) return `No ratings for ${storeName} yet. They will appear here as soon as customers rate it.`;
  return 'Your stores have no ratings yet. They will appear here as soon as customers rate them.';
}

/** The ratings of the owner's stores: rater, store, stars, comment, date and reply; sortable, filterable by store, paged. */
export function RatingsTable(props: RatingsTableProps) {
  const {
    stores,
    ratings,
    total,
    totalPages,
    limit,
    totalCapped = false,
    state,
    loading,
    failed,
    refused = false,
    retrying = false,
  } = props;
  const { onSort, onStore, onPage, onRetry } = props;
  const selectedStore = state.storeId === undefined ? undefined : stores.find((s) => s.id === state.storeId);
  const scope = selectedStore ? selectedStore.name : 'all your stores';
  const order = ORDER_WORDS[state.sortBy][state.sortOrder];
  const pastEnd = total > 0 && state.page > 1;

  let shown = '';
  if (!failed && ratings.length > 0) {
    const first = (state.page - 1) * OWNER_DASHBOARD_PAGE_SIZE + 1;
    const noun = total === 1 && !totalCapped ? 'rating' : 'ratings';
    shown = `Showing ${formatCount(first)}–${formatCount(first + ratings.length - 1)} of ${formatListTotal({ total, totalCapped })} ${noun}`;
  }

  return (
    <Card
      title="Ratings"
      actions={
        <SelectField
          label="Store"
          fieldClassName={styles.filter}
          value={state.storeId === undefined ? '' : String(state.storeId)}
          onValueChange={(value) => onStore(value === '' ? undefined : Number(value))}
        >
          <option value="">All my stores</option>
          {stores.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.name}
            </option>
          ))}
        </SelectField>
      }
    >
      <p className={styles.shown} aria-live="polite">
        {loading ? <VisuallyHidden>Loading ratings…</VisuallyHidden> : shown}
      </p>

      {failed && refused && <ListWindowRefused compact onFirstPage={() => onPage(1)} />}
      {failed && !refused && <ErrorState compact message="The ratings could not be loaded." onRetry={onRetry} retrying={retrying} />}
      {!failed && (
        <>
          <Table
            columns={COLUMNS}
            rows={ratings}
            rowKey={(r) => r.id}
            caption={`Ratings of ${scope}, sorted by ${SORT_COLUMNS[state.sortBy].toLowerCase()}, ${order}`}
            hideCaption
            sort={{ sortBy: state.sortBy, sortOrder: state.sortOrder, onSort }}
            loading={loading}
            loadingLabel="Loading ratings…"
            empty={
              <>
                <p className={styles.emptyText}>{emptyText(selectedStore?.name, pastEnd)}</p>
                {pastEnd && <Button onClick={() => onPage(1)}>Go to the first page</Button>}
              </>
            }
          />
          <Pagination label="Ratings pages" tight page={state.page} totalPages={totalPages} onPage={onPage} />
          <ListWindowHint list={{ total, totalPages, limit, totalCapped }} tight />
        </>
      )}
    </Card>
  );
}
