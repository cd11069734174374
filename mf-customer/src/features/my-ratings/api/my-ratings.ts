import toast from 'react-hot-toast';
import { MESSAGES, type MyRatingsQuery, type MyRatingsResponse, type RatingRequest } from 'shared-contracts';
import {
  invalidateAfterRatingChange,
  keepPreviousData,
  queryKeys,
  useApi,
  useMutation,
  useQuery,
  useQueryClient,
} from 'shared-contracts/react';
import { isListWindowError } from 'shared-contracts/ui';

/** The spec has no message for this list; this one says what failed. */
export const LOAD_RATINGS_FAILED = 'Failed to load your ratings';

/** Every cached page of My Ratings: TanStack matches a key's object by the fields it gives, so `{}` matches any query. */
const EVERY_PAGE = queryKeys.me.ratings({});

/**
 * One page of the caller's ratings. While another page or sort loads, the last one stays on screen.
 * The API's refusal of a page beyond the list window (MESSAGES.listWindow) is an answer the page shows
 * itself (see isListWindowError), not a failure: neither logged nor toasted.
 */
export function useMyRatingsQuery(query: MyRatingsQuery) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.me.ratings(query),
    queryFn: () => api.users.ratings(query),
    placeholderData: keepPreviousData,
    meta: { failureToast: LOAD_RATINGS_FAILED, isExpected: isListWindowError },
  });
}

/** Changes every cached page of My Ratings in place. */
function patchPages(client: ReturnType<typeof useQueryClient>, change: (page: MyRatingsResponse) => MyRatingsResponse) {
  client.setQueriesData<MyRatingsResponse>({ queryKey: EVERY_PAGE }, (page) => (page ? change(page) : page));
}

/**
 * PUT /api/ratings/:id. The answer (my rating as stored, the store's new average) goes straight into the
 * cached pages; then everything that shows ratings or averages is refreshed (invalidateAfterRatingChange).
 */
export function useUpdateMyRating() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ratingId, body }: { ratingId: number; body: RatingRequest }) => api.ratings.update(ratingId, body),
    meta: { failureToast: MESSAGES.submitRatingFailed },
    onSuccess: (result, { ratingId }) => {
      toast.success(MESSAGES.ratingUpdated);
      patchPages(client, (page) => ({
        ...page,
        ratings: page.ratings.map((r) =>
          r.id === ratingId
            ? {
                ...r,
                rating: result.rating.rating,
                comment: result.rating.comment,
                updated_at: result.rating.updated_at,
                store_average_rating: result.storeStats.average_rating,
              }
            : r,
        ),
      }));
      void invalidateAfterRatingChange(client);
    },
  });
}

/** DELETE /api/ratings/:id: the rating leaves the cached pages at once; then the same refresh as an update. */
export function useDeleteMyRating() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ratingId: number) => api.ratings.remove(ratingId),
    meta: { failureToast: MESSAGES.deleteRatingFailed },
    onSuccess: (_result, ratingId) => {
      toast.success(MESSAGES.ratingDeleted);
      patchPages(client, (page) =>
        page.ratings.some((r) => r.id === ratingId)
          ? { ...page, ratings: page.ratings.filter((r) => r.id !== ratingId), total: Math.max(0, page.total - 1) }
          : page,
      );
      void invalidateAfterRatingChange(client);
    },
  });
}
