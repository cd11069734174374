import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'shared-contracts/react';
import { type ListConfig, type ListState, parseListState, toSearchParams } from '../list-state';

/**
 * An admin table's state read from and written to the URL (useSearchParams), so a reload, a shared
 * link and the back button keep search, sort and page. `config` must be a stable (module-level) object.
 */
export function useListState<S extends string, F extends string = never>(
  config: ListConfig<S, F>,
): [ListState<S, F>, (next: ListState<S, F>) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const state = useMemo(() => parseListState(new URLSearchParams(key), config), [key, config]);
  const setState = useCallback(
    (next: ListState<S, F>) => {
      const nextParams = toSearchParams(next, config);
      if (nextParams.toString() !== key) setParams(nextParams);
    },
    [key, setParams, config],
  );
  return [state, setState];
}
