import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'shared-contracts/react';
import { parseReviewView, type ReviewView, withReviewView } from '../review-view';

/**
 * The review view kept in the URL. A change replaces the history entry (the back button still leaves
 * the page) and keeps the page's state (where "Back to stores" returns to).
 */
export function useReviewView(): [ReviewView, (next: ReviewView) => void] {
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const key = params.toString();
  const view = useMemo(() => parseReviewView(new URLSearchParams(key)), [key]);
  const setView = useCallback(
    (next: ReviewView) => {
      const nextParams = withReviewView(new URLSearchParams(key), next);
      if (nextParams.toString() !== key) setParams(nextParams, { replace: true, state });
    },
    [key, setParams, state],
  );
  return [view, setView];
}
