/**
 * The moderation screen's data: GET /api/admin/moderation (open or resolved, a page at a time) and what
 * an admin does about a reported rating or reply: hide or restore the rating, dismiss the reports, or
 * remove the rating or the reply (the existing DELETEs, whose reports go with them). After each action
 * the queue and every view of ratings (the store pages, the dashboards, My Ratings) are asked again.
 */
import toast from 'react-hot-toast';
import { errorMessage, MESSAGES, type ModerationItem, type ModerationQuery } from 'shared-contracts';
import {
  invalidateAfterRatingChange,
  keepPreviousData,
  queryKeys,
  useApi,
  useMutation,
  useQuery,
  useQueryClient,
} from 'shared-contracts/react';

export const FETCH_MODERATION_FAILED = 'Failed to fetch the moderation queue';

export function useModerationQueue(query: ModerationQuery) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.admin.moderation(query),
    queryFn: () => api.admin.moderation(query),
    placeholderData: keepPreviousData,
    meta: { failureToast: FETCH_MODERATION_FAILED },
  });
}

export type ModerationAction = 'hide' | 'restore' | 'dismiss' | 'remove';

/** One action on one item; success toasts the answer's message, a failure the server's reason. */
export function useModerationAction() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ item, action }: { item: ModerationItem; action: ModerationAction }) => {
      switch (action) {
        case 'hide':
          return api.admin.hideRating(item.rating_id);
        case 'restore':
          return api.admin.restoreRating(item.rating_id);
        case 'dismiss':
          return api.admin.dismissReports(item.rating_id, { target: item.target });
        case 'remove':
          return item.target === 'reply' ? api.ratings.removeReply(item.rating_id) : api.ratings.remove(item.rating_id);
      }
    },
    meta: { failureToast: (error) => errorMessage(error, MESSAGES.moderationFailed) },
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await invalidateAfterRatingChange(client);
    },
  });
}
