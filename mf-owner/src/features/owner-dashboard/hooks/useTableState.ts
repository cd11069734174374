import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'shared-contracts/react';
import { parseTableState, type TableState, toSearchParams } from '../table-state';

export type SetTableState = (next: TableState, options?: { replace?: boolean }) => void;

/**
 * The ratings table's state kept in the URL (sortBy, sortOrder, storeId, page), so a reload, a shared
 * link and the back button all keep it. Every change is a new history entry unless `replace` is asked.
 */
export function useTableState(): [TableState, SetTableState] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const state = useMemo(() => parseTableState(new URLSearchParams(key)), [key]);
  const setState = useCallback<SetTableState>(
    (next, options) => {
      const nextParams = toSearchParams(next);
      if (nextParams.toString() !== key) setParams(nextParams, { replace: options?.replace ?? false });
    },
    [key, setParams],
  );
  return [state, setState];
}
