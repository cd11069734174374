/**
 * /admin/moderation: the ratings and replies users reported, each once with its reports counted by
 * reason. Open reports come oldest first; "Resolved" lists what was acted on, the latest first. For a
 * rating an admin hides it (out of the store's figures and every list but its author's), restores it,
 * removes it, or dismisses the reports; for a reply, removes it or dismisses them. Removing asks first.
 */
import { useEffect, useRef } from 'react';
import { formatCount, formatPlural, type ModerationItem, type ModerationStatus } from 'shared-contracts';
import { EmptyState, ErrorState, LoadingBlock, Page, Pagination, useConfirm } from 'shared-contracts/ui';
import { AdminOnly } from '../common/components/AdminOnly';
import { useListState } from '../common/hooks/useListState';
import type { ListConfig } from '../common/list-state';
import { type ModerationAction, useModerationAction, useModerationQueue } from './api/moderation';
import { ModerationItemCard } from './components/ModerationItemCard';
import styles from './AdminModerationPage.module.css';

export default function AdminModerationPage() {
  return (
    <AdminOnly>
      <Moderation />
    </AdminOnly>
  );
}

const STATUSES: ReadonlyArray<{ value: ModerationStatus; label: string }> = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
];

/** /admin/moderation?status=resolved&page: the open reports by default; the queue has one order, so no sort. */
const MODERATION_LIST: ListConfig<'reported', 'status'> = {
  sortFields: ['reported'],
  defaultSortBy: 'reported',
  filters: { status: ['resolved'] },
};

function Moderation() {
  const [state, setState] = useListState(MODERATION_LIST);
  const status: ModerationStatus = state.filters.status === 'resolved' ? 'resolved' : 'open';
  const { page } = state;
  const queue = useModerationQueue({ status, page });
  const act = useModerationAction();
  const { confirm, dialog } = useConfirm();
  const listRef = useRef<HTMLHeadingElement>(null);

  const go = (next: { status?: ModerationStatus; page?: number }) => {
    const nextStatus = next.status ?? status;
    setState({ ...state, page: next.page ?? 1, filters: { status: nextStatus === 'resolved' ? 'resolved' : undefined } });
  };

  const data = queue.data;
  // A page left empty by the last action on it: back one page.
  useEffect(() => {
    if (data && data.items.length === 0 && page > 1 && data.totalPages < page) go({ page: Math.max(1, data.totalPages) });
  });

  const run = async (item: ModerationItem, action: ModerationAction) => {
    if (action === 'remove') {
      const what = item.target === 'reply' ? 'reply' : 'rating';
      const ok = await confirm({
        title: `Remove ${what}`,
        message: `Remove this ${what} for good? This cannot be undone.`,
        confirmLabel: 'Remove',
      });
      if (!ok) return;
    }
    act.mutate(
      { item, action },
      // The toast says what was done; focus goes to the list, as the item may be gone from it.
      { onSuccess: () => listRef.current?.focus() },
    );
  };

  return (
    <Page
      title="Moderation"
      description="Ratings and replies that users reported: hide, restore or remove them, or dismiss the reports."
      busy={queue.isPending}
    >
      <div className={styles.bar}>
        <div role="group" aria-label="Which reports" className={styles.statuses}>
          {STATUSES.map((s) => (
            <button
              key={s.value}
              type="button"
              className={styles.status}
              aria-pressed={status === s.value}
              onClick={() => go({ status: s.value })}
            >
              {s.label}
              {s.value === 'open' && data ? ` (${formatCount(data.open_items)})` : ''}
            </button>
          ))}
        </div>
        {data && (
          <p className={styles.summary}>
            {data.open_reports === 0
              ? 'No open reports.'
              : `${formatPlural(data.open_reports, 'open report')} on ${formatPlural(data.open_items, 'rating or reply', 'ratings and replies')}.`}
          </p>
        )}
      </div>

      {queue.isPending && <LoadingBlock label="Loading the moderation queue…" layout="panels" count={3} />}
      {!data && queue.isError && (
        <ErrorState message="The moderation queue could not be loaded." onRetry={() => void queue.refetch()} retrying={queue.isFetching} />
      )}
      {data && (
        <section aria-labelledby="moderation-list-title" aria-busy={queue.isFetching}>
          <h2 id="moderation-list-title" ref={listRef} tabIndex={-1} className={styles.listTitle}>
            {status === 'open' ? 'Open reports' : 'Resolved reports'}
          </h2>
          {data.items.length === 0 ? (
            <EmptyState
              compact
              icon="check"
              title={status === 'open' ? 'Nothing to review' : 'Nothing resolved yet'}
              text={status === 'open' ? 'No rating or reply is waiting for a moderator.' : 'Reports you act on are listed here.'}
            />
          ) : (
            <ul className={styles.list}>
              {data.items.map((item) => (
                <ModerationItemCard
                  key={`${item.rating_id}-${item.target}`}
                  item={item}
                  busy={act.isPending && act.variables?.item === item}
                  disabled={act.isPending}
                  onAction={(action) => void run(item, action)}
                />
              ))}
            </ul>
          )}
          {data.totalPages > 1 && (
            <Pagination page={data.page} totalPages={data.totalPages} onPage={(p) => go({ page: p })} label="Moderation queue pages" />
          )}
        </section>
      )}
      {dialog}
    </Page>
  );
}
