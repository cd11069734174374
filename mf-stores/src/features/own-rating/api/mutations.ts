/**
 * The signed-in user's rating writes, from the store page or a store card. Each answer carries the
 * store's new figures (storeStats): they go straight into the store's cache entry and every store list
 * shown (with the reader's own stars), the rating into "my rating", the store's ratings lists go back to
 * their first page, and then every other view of ratings is refreshed (invalidateAfterRatingChange:
 * this store's ratings, the store lists, My Ratings and the dashboards in the other remotes).
 */
import {
  MESSAGES,
  type Rating,
  type RatingRequest,
  type StoreDetail,
  type StoreListResponse,
  type StoreRatingsResponse,
  type StoreStats,
} from 'shared-contracts';
import {
  type InfiniteData,
  invalidateAfterRatingChange,
  type QueryClient,
  queryKeys,
  useApi,
  useMutation,
  useQueryClient,
} from 'shared-contracts/react';

function afterRatingChange(client: QueryClient, storeId: number, rating: Rating | null, stats: StoreStats) {
  client.setQueryData<StoreDetail>(queryKeys.stores.detail(storeId), (store) =>
    store
      ? {
          ...store,
          average_rating: stats.average_rating,
          total_ratings: stats.total_ratings,
          rating_distribution: stats.rating_distribution,
        }
      : store,
  );
  // The store on every list page shown: its figures and the reader's own stars, at once.
  client.setQueriesData<StoreListResponse>({ queryKey: queryKeys.stores.lists() }, (list) =>
    list?.stores.some((s) => s.id === storeId)
      ? {
          ...list,
          stores: list.stores.map((s) =>
            s.id === storeId
              ? { ...s, average_rating: stats.average_rating, total_ratings: stats.total_ratings, my_rating: rating?.rating ?? null }
              : s,
          ),
        }
      : list,
  );
  client.setQueryData<Rating | null>(queryKeys.stores.myRating(storeId), rating);
  // Each of the store's lists (every order and filter) follows the new state from its first page (not every page loaded so far).
  client.setQueriesData<InfiniteData<StoreRatingsResponse, number>>({ queryKey: queryKeys.stores.allRatings(storeId) }, (list) =>
    list && list.pages.length > 1 ? { pages: list.pages.slice(0, 1), pageParams: list.pageParams.slice(0, 1) } : list,
  );
  // The store's figures and the reader's rating are the answer's: not asked for again.
  void invalidateAfterRatingChange(client, { answered: [queryKeys.stores.detail(storeId), queryKeys.stores.myRating(storeId)] });
}

export interface SaveRatingVariables {
  /** The rating to update, or null to submit a new one (the API updates an earlier one it finds). */
  ratingId: number | null;
  body: RatingRequest;
}

/** Submits or updates the user's rating of the store; a failure toasts 'Failed to submit rating'. */
export function useSaveRating(storeId: number) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ratingId, body }: SaveRatingVariables) =>
      ratingId === null ? api.ratings.submit(storeId, body) : api.ratings.update(ratingId, body),
    meta: { failureToast: MESSAGES.submitRatingFailed },
    onSuccess: (result) => afterRatingChange(client, storeId, result.rating, result.storeStats),
  });
}

/** Deletes the user's rating of the store; a failure toasts 'Failed to delete rating'. */
export function useDeleteRating(storeId: number) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ratingId: number) => api.ratings.remove(ratingId),
    meta: { failureToast: MESSAGES.deleteRatingFailed },
    onSuccess: (result) => afterRatingChange(client, storeId, null, result.storeStats),
  });
}
