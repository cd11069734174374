/**
 * What a reader does about someone else's rating on the store page: mark it helpful (or take that
 * back), and report it or its reply to the moderators. A vote's answer (the rating's count) goes
 * straight into every list of the store's ratings shown; a report changes nothing the page shows.
 */
import { errorStatus, MESSAGES, type ReportReason, type ReportTarget, type StoreRatingsResponse } from 'shared-contracts';
import { type InfiniteData, type QueryClient, queryKeys, useApi, useMutation, useQueryClient } from 'shared-contracts/react';

function putVote(client: QueryClient, storeId: number, ratingId: number, vote: { helpful_count: number; voted_helpful: boolean }) {
  client.setQueriesData<InfiniteData<StoreRatingsResponse, number>>({ queryKey: queryKeys.stores.allRatings(storeId) }, (list) =>
    list
      ? {
          ...list,
          pages: list.pages.map((page) => ({ ...page, ratings: page.ratings.map((r) => (r.id === ratingId ? { ...r, ...vote } : r)) })),
        }
      : list,
  );
}

/** Gives (`helpful: true`) or takes back the reader's helpful vote; a failure toasts 'Failed to save your vote'. */
export function useHelpfulVote(storeId: number) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ratingId, helpful }: { ratingId: number; helpful: boolean }) =>
      helpful ? api.ratings.markHelpful(ratingId) : api.ratings.unmarkHelpful(ratingId),
    meta: { failureToast: MESSAGES.helpfulVoteFailed },
    onSuccess: (result, { ratingId }) =>
      putVote(client, storeId, ratingId, { helpful_count: result.helpful_count, voted_helpful: result.voted_helpful }),
  });
}

/** Reports a rating or its reply. The form shows the outcome itself (a 409 means it was reported already). */
export function useReport() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ ratingId, target, reason }: { ratingId: number; target: ReportTarget; reason: ReportReason }) =>
      api.ratings.report(ratingId, { target, reason }),
    // The form says what happened; a refusal (already reported, 404, 403) is an answer, not a failure to log.
    meta: { isExpected: (error) => (errorStatus(error) ?? 500) < 500 },
  });
}
