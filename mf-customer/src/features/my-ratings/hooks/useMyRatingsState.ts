import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'shared-contracts/react';
import { type MyRatingsState, parseState, toSearchParams } from '../sorting';

/**
 * The sort and page kept in the URL, so a reload, a shared link and the back button keep them. A change
 * is a new history entry unless `replace` is asked for (used when the page has to step back by itself).
 */
export function useMyRatingsState(): [MyRatingsState, (next: MyRatingsState, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const state = useMemo(() => parseState(new URLSearchParams(key)), [key]);
  const setState = useCallback(
    (next: MyRatingsState, options: { replace?: boolean } = {}) => {
      const nextParams = toSearchParams(next);
      if (nextParams.toString() !== key) setParams(nextParams, { replace: options.replace ?? false });
    },
    [key, setParams],
  );
  return [state, setState];
}
