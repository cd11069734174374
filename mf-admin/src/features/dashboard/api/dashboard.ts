import { MESSAGES } from 'shared-contracts';
import { queryKeys, useApi, useQuery } from 'shared-contracts/react';

/**
 * GET /api/admin/dashboard: the figures of the dashboard and of the analytics page (one cached answer
 * for both). A failure toasts 'Failed to fetch dashboard data'.
 */
export function useAdminDashboardQuery() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.admin.dashboard(),
    queryFn: () => api.admin.dashboard(),
    meta: { failureToast: MESSAGES.fetchDashboardFailed },
  });
}
