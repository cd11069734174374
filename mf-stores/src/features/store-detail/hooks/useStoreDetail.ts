/**
 * Everything /stores/:id shows: the store (with its rating distribution), the first page of its
 * ratings (newest first, 50 a page, more on demand) and the signed-in user's own rating.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import {
  errorStatus,
  MESSAGES,
  type Rating,
  type StoreDetail,
  type StoreRating,
  type StoreRatingsResponse,
  STORE_RATINGS_PAGE_SIZE,
  type StoreStats,
} from 'shared-contracts';
import { useApi } from 'shared-contracts/react';
import { isListWindowError } from 'shared-contracts/ui';

export type StoreDetailStatus = 'loading' | 'ready' | 'not-found' | 'error';

export interface RatingsState {
  items: StoreRating[];
  total: number;
  /** The last page loaded. */
  page: number;
  /** Pages of `limit` the API lets us open (the list is bounded by LIST_WINDOW rows), and its page size. */
  totalPages: number;
  limit: number;
  totalCapped?: boolean;
  status: 'loading' | 'ready' | 'error';
  loadingMore: boolean;
}

const EMPTY_RATINGS: RatingsState = { items: [], total: 0, page: 0, totalPages: 0, limit: STORE_RATINGS_PAGE_SIZE, status: 'loading', loadingMore: false };

/** The list part of a first-page answer. */
const firstPage = (result: StoreRatingsResponse): RatingsState => ({
  items: result.ratings,
  total: result.total,
  page: 1,
  totalPages: result.totalPages,
  limit: result.limit,
  totalCapped: result.totalCapped,
  status: 'ready',
  loadingMore: false,
});
const FETCH_FAILED_TOAST = 'fetch-store-details-failed';

/** A path id the API can know: a positive whole number (anything else is a store that does not exist). */
export const isStoreId = (id: string | undefined): id is string => id !== undefined && /^[1-9][0-9]{0,9}$/.test(id);

export function useStoreDetail(storeId: string | undefined, signedIn: boolean) {
  const api = useApi();
  const [status, setStatus] = useState<StoreDetailStatus>('loading');
  const [store, setStore] = useState<StoreDetail | null>(null);
  const [myRating, setMyRating] = useState<Rating | null>(null);
  const [myRatingLoaded, setMyRatingLoaded] = useState(false);
  const [ratings, setRatings] = useState<RatingsState>(EMPTY_RATINGS);
  const [attempt, setAttempt] = useState(0);
  // Answers for a store we already left (or an older load) are dropped.
  const generation = useRef(0);

  const fetchFailed = (error: unknown) => {
    console.error('Store details request failed', error);
    toast.error(MESSAGES.fetchStoreDetailsFailed, { id: FETCH_FAILED_TOAST });
  };

  useEffect(() => {
    const mine = ++generation.current;
    const current = () => generation.current === mine;
    setStore(null);
    setMyRating(null);
    setMyRatingLoaded(false);
    setRatings(EMPTY_RATINGS);
    if (!isStoreId(storeId)) {
      setStatus('not-found');
      return;
    }
    setStatus('loading');

    api.stores
      .get(storeId)
      .then(({ store: loaded }) => {
        if (!current()) return;
        setStore(loaded);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (!current()) return;
        const code = errorStatus(error);
        if (code === 404 || code === 400) {
          setStatus('not-found');
        } else {
          fetchFailed(error);
          setStatus('error');
        }
      });

    api.stores
      .ratings(storeId, { page: 1, limit: STORE_RATINGS_PAGE_SIZE })
      .then((result) => {
        if (current()) setRatings(firstPage(result));
      })
      .catch((error: unknown) => {
        if (!current()) return;
        setRatings({ ...EMPTY_RATINGS, status: 'error' });
        if (errorStatus(error) !== 404 && errorStatus(error) !== 400) fetchFailed(error);
      });

    if (signedIn) {
      api.ratings
        .mine(storeId)
        .then((result) => {
          if (current()) setMyRating(result.rating ?? null);
        })
        // Without it the panel offers "Add Rating"; the API then updates the existing rating anyway.
        .catch((error: unknown) => console.error('Own rating request failed', error))
        .finally(() => {
          if (current()) setMyRatingLoaded(true);
        });
    }
  }, [api, storeId, signedIn, attempt]);

  /** The first page again (after a write: the list and its total follow the new state). */
  const reloadRatings = useCallback(async () => {
    if (!isStoreId(storeId)) return;
    const mine = generation.current;
    setRatings((r) => (r.status === 'error' ? { ...r, status: 'loading' } : r));
    try {
      const result = await api.stores.ratings(storeId, { page: 1, limit: STORE_RATINGS_PAGE_SIZE });
      if (generation.current === mine) setRatings(firstPage(result));
    } catch (error) {
      if (generation.current !== mine) return;
      setRatings((r) => (r.status === 'loading' ? { ...r, status: 'error' } : r));
      fetchFailed(error);
    }
  }, [api, storeId]);

  /** The next page of 50, appended (ratings already shown are not repeated); never beyond the pages the API opens. */
  const loadMore = useCallback(async () => {
    if (!isStoreId(storeId)) return;
    const mine = generation.current;
    const nextPage = ratings.page + 1;
    setRatings((r) => ({ ...r, loadingMore: true }));
    try {
      const result = await api.stores.ratings(storeId, { page: nextPage, limit: STORE_RATINGS_PAGE_SIZE });
      if (generation.current !== mine) return;
      setRatings((r) => {
        const seen = new Set(r.items.map((x) => x.id));
        return {
          items: [...r.items, ...result.ratings.filter((x) => !seen.has(x.id))],
          total: result.total,
          page: nextPage,
          totalPages: result.totalPages,
          limit: result.limit,
          totalCapped: result.totalCapped,
          status: 'ready',
          loadingMore: false,
        };
      });
    } catch (error) {
      if (generation.current !== mine) return;
      // Beyond the list window (the list grew past it meanwhile): the pages loaded are all there is to browse.
      if (isListWindowError(error)) {
        setRatings((r) => ({ ...r, totalPages: r.page, loadingMore: false }));
        return;
      }
      setRatings((r) => ({ ...r, loadingMore: false }));
      fetchFailed(error);
    }
  }, [api, storeId, ratings.page]);

  /** The store's figures after a rating write or delete, from the answer's storeStats. */
  const applyStats = useCallback((stats: StoreStats) => {
    setStore((s) => (s ? { ...s, average_rating: stats.average_rating, total_ratings: stats.total_ratings, rating_distribution: stats.rating_distribution } : s));
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { status, store, myRating, myRatingLoaded, setMyRating, ratings, reloadRatings, loadMore, applyStats, retry };
}
