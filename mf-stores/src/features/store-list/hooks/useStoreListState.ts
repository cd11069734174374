import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'shared-contracts/react';
import { parseListState, type StoreListState, toSearchParams } from '../filters';

/**
 * The list state kept in the URL (search, sortBy, sortOrder, page, category, minRating, city), so a reload,
 * a shared link and the back button all keep it. Every change is a new history entry.
 */
export function useStoreListState(): [StoreListState, (next: StoreListState) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const state = useMemo(() => parseListState(new URLSearchParams(key)), [key]);
  const setState = useCallback(
    (next: StoreListState) => {
      const nextParams = toSearchParams(next);
      if (nextParams.toString() !== key) setParams(nextParams);
    },
    [key, setParams],
  );
  return [state, setState];
}
