import { MESSAGES, type AdminDashboardResponse } from 'shared-contracts';
import { useApi } from 'shared-contracts/react';
import { useRemoteData } from './useRemoteData';

/** GET /api/admin/dashboard, toasting 'Failed to fetch dashboard data' when it fails. */
export function useAdminDashboard() {
  const api = useApi();
  return useRemoteData<AdminDashboardResponse>('admin-dashboard', () => api.admin.dashboard(), {
    failureMessage: MESSAGES.fetchDashboardFailed,
    toastId: 'fetch-dashboard-failed',
  });
}
