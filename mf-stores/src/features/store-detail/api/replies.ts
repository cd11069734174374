/**
 * The store owner's replies to ratings of their store, from the store page: write or change one, or
 * delete it (the owner or an admin). The answer goes straight into every list of the store's ratings
 * shown, then every view of ratings (the owner's dashboard, the rater's My Ratings) is refreshed.
 */
import { MESSAGES, type Reply, type StoreRatingsResponse } from 'shared-contracts';
import {
  type InfiniteData,
  invalidateAfterRatingChange,
  type QueryClient,
  queryKeys,
  useApi,
  useMutation,
  useQueryClient,
} from 'shared-contracts/react';

function afterReplyChange(client: QueryClient, storeId: number, ratingId: number, reply: Reply | null) {
  client.setQueriesData<InfiniteData<StoreRatingsResponse, number>>({ queryKey: queryKeys.stores.allRatings(storeId) }, (list) =>
    list
      ? {
          ...list,
          pages: list.pages.map((page) => ({ ...page, ratings: page.ratings.map((r) => (r.id === ratingId ? { ...r, reply } : r)) })),
        }
      : list,
  );
  // The store's figures and the reader's own rating do not change with a reply.
  void invalidateAfterRatingChange(client, { answered: [queryKeys.stores.detail(storeId), queryKeys.stores.myRating(storeId)] });
}

/** Writes or changes the reply to a rating; a failure toasts 'Failed to save reply'. */
export function useSaveReply(storeId: number) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ratingId, reply }: { ratingId: number; reply: string }) => api.ratings.reply(ratingId, { reply }),
    meta: { failureToast: MESSAGES.saveReplyFailed },
    onSuccess: (result, { ratingId }) => afterReplyChange(client, storeId, ratingId, result.reply),
  });
}

/** Deletes the reply to a rating; a failure toasts 'Failed to delete reply'. */
export function useDeleteReply(storeId: number) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ratingId: number) => api.ratings.removeReply(ratingId),
    meta: { failureToast: MESSAGES.deleteReplyFailed },
    onSuccess: (_result, ratingId) => afterReplyChange(client, storeId, ratingId, null),
  });
}
