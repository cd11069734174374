/**
 * What /stores/:id reads, through the page's one query cache: the store (with its rating distribution),
 * its ratings (newest first, 50 a page, more on demand) and the signed-in user's own rating.
 */
import {
  errorStatus,
  MESSAGES,
  type StoreRating,
  type StoreRatingsQuery,
  type StoreRatingsResponse,
  STORE_RATINGS_PAGE_SIZE,
} from 'shared-contracts';
import { type InfiniteData, queryKeys, useApi, useInfiniteQuery, useQuery } from 'shared-contracts/react';
import type { ListCounts } from 'shared-contracts/ui';

/** A path id the API can know: a positive whole number (anything else is a store that does not exist). */
export const isStoreId = (id: string | undefined): id is string => id !== undefined && /^[1-9][0-9]{0,9}$/.test(id);

/** The API's answer for a store that does not exist (404) or an id it refuses (400): the "not found" screen, not a failure. */
export const isStoreNotFound = (error: unknown) => {
  const status = errorStatus(error);
  return status === 404 || status === 400;
};

/** The store, or nothing to ask for when the id cannot be a store's (`storeId` null). */
export function useStore(storeId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.stores.detail(storeId ?? ''),
    queryFn: async () => (await api.stores.get(storeId ?? '')).store,
    enabled: storeId !== null,
    meta: { failureToast: MESSAGES.fetchStoreDetailsFailed, isExpected: isStoreNotFound },
  });
}

/** The ratings shown so far, as one list with the counts of the latest answer. */
export interface RatingsList extends ListCounts {
  items: StoreRating[];
  /** The pages loaded. */
  page: number;
}

/** Every page loaded, appended in order; a rating already shown (the list moved meanwhile) is not repeated. */
function toRatingsList({ pages }: InfiniteData<StoreRatingsResponse, number>): RatingsList {
  const seen = new Set<number>();
  const items = pages.flatMap((p) => p.ratings).filter((r) => !seen.has(r.id) && Boolean(seen.add(r.id)));
  const last = pages[pages.length - 1];
  return { items, page: pages.length, total: last.total, totalPages: last.totalPages, limit: last.limit, totalCapped: last.totalCapped };
}

/**
 * The store's ratings in the reader's order and filters (`query`), 50 a page: `fetchNextPage` appends
 * the next one, never beyond the pages the API opens (the list is bounded by LIST_WINDOW rows). A page
 * it refuses as beyond the window anyway (the list grew meanwhile) is not a failure: the page ends the
 * list there (see isListWindowError).
 */
export function useStoreRatings(storeId: string | null, query: StoreRatingsQuery = {}) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: queryKeys.stores.ratings(storeId ?? '', query),
    queryFn: ({ pageParam }) => api.stores.ratings(storeId ?? '', { ...query, page: pageParam, limit: STORE_RATINGS_PAGE_SIZE }),
    // Another order or filter of the same store: the list shown stays until the new one is there.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === storeId ? previous : undefined),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, lastPage) => (lastPage < last.totalPages ? lastPage + 1 : undefined),
    select: toRatingsList,
    enabled: storeId !== null,
    // 404/400 (the store is gone; the 400 also covers a page beyond the list window) are answers, not failures.
    meta: { failureToast: MESSAGES.fetchStoreDetailsFailed, isExpected: isStoreNotFound },
  });
}
