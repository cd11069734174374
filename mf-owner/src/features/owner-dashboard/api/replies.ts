/**
 * The owner's replies to ratings of their stores, from the dashboard's ratings table: write or change
 * one, or delete it. Every view of ratings (this dashboard, the store pages, the raters' My Ratings) is
 * then refreshed.
 */
import { MESSAGES } from 'shared-contracts';
import { invalidateAfterRatingChange, useApi, useMutation, useQueryClient } from 'shared-contracts/react';

/** Writes or changes the reply to a rating; a failure toasts 'Failed to save reply'. */
export function useSaveReply() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ratingId, reply }: { ratingId: number; reply: string }) => api.ratings.reply(ratingId, { reply }),
    meta: { failureToast: MESSAGES.saveReplyFailed },
    onSuccess: () => invalidateAfterRatingChange(client),
  });
}

/** Deletes the reply to a rating; a failure toasts 'Failed to delete reply'. */
export function useDeleteReply() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ratingId: number) => api.ratings.removeReply(ratingId),
    meta: { failureToast: MESSAGES.deleteReplyFailed },
    onSuccess: () => invalidateAfterRatingChange(client),
  });
}
