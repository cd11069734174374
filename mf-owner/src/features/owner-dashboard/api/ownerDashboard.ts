/**
 * The owner dashboard's server state: GET /api/owner/dashboard for one page, sort and store filter of the
 * ratings table, in the page-wide query cache under queryKeys.owner.dashboard(query) (a rating written
 * anywhere invalidates it through invalidateAfterRatingChange).
 */
import { errorStatus, MESSAGES, type OwnerDashboardQuery, type OwnerDashboardResponse } from 'shared-contracts';
import { keepPreviousData, queryKeys, type QueryClient, useApi, useQuery, useQueryClient } from 'shared-contracts/react';
import { isListWindowError } from 'shared-contracts/ui';

/** The API answered 404 to a store filter: the store is not (or no longer) the caller's. */
export function isUnknownStore(query: OwnerDashboardQuery, error: unknown): boolean {
  return query.storeId !== undefined && errorStatus(error) === 404;
}

/**
 * The newest dashboard answer in the cache, whatever page, sort or filter it was for: its summary and
 * stores are the same for every query, so they stay on screen when one page of ratings fails.
 * (An empty query object as the key's last part matches every query: keys match by prefix and subset.)
 */
function newestAnswer(client: QueryClient): OwnerDashboardResponse | undefined {
  const answered = client
    .getQueryCache()
    .findAll({ queryKey: queryKeys.owner.dashboard({}) })
    .filter((q) => q.state.data !== undefined);
  const newest = answered.reduce<(typeof answered)[number] | undefined>(
    (best, q) => (!best || q.state.dataUpdatedAt > best.state.dataUpdatedAt ? q : best),
    undefined,
  );
  return newest?.state.data as OwnerDashboardResponse | undefined;
}

/**
 * The dashboard for `query`. While another page, sort or filter loads, the previous answer stays
 * (`isPlaceholderData`), so the table does not jump. A failure toasts MESSAGES.fetchDashboardFailed once,
 * except the answers the page shows itself: a page beyond the list window (MESSAGES.listWindow) and a
 * store filter that is not the owner's (404). `answer` is the data to show: this query's, or after a
 * failure the newest answer of another query (for its summary and stores).
 */
export function useOwnerDashboard(query: OwnerDashboardQuery) {
  const api = useApi();
  const client = useQueryClient();
  const dashboard = useQuery({
    queryKey: queryKeys.owner.dashboard(query),
    queryFn: () => api.owner.dashboard(query),
    placeholderData: keepPreviousData,
    meta: {
      failureToast: MESSAGES.fetchDashboardFailed,
      isExpected: (error) => isListWindowError(error) || isUnknownStore(query, error),
    },
  });
  const answer = dashboard.data ?? (dashboard.isError ? newestAnswer(client) : undefined);
  return { dashboard, answer };
}
