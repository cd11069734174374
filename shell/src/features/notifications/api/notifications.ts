/**
 * The bell's server state (TanStack Query, the shell's one cache): the unread count, first asked for
 * once the page has settled (FIRST_ASK_AFTER_LOAD_MS), then every NOTIFICATIONS_POLL_MS while the tab
 * is visible (TanStack pauses the interval in a hidden tab) and again when the window regains focus;
 * the newest notifications, read only while the panel is open; marking one or all read. A failed poll
 * is silent (the bell keeps its last count); a failed list is the panel's own error state.
 */
import { NOTIFICATIONS_POLL_MS, type NotificationListResponse, type UnreadCountResponse } from 'shared-contracts';
import { queryKeys, useApi, useMutation, useQuery, useQueryClient } from 'shared-contracts/react';
import { usePageSettled } from './page-settled';

/** Failures the bell shows as a state of its own (or not at all): never logged, never toasted. */
const quiet = { isExpected: () => true };

export function useUnreadCount(signedIn: boolean) {
  const api = useApi();
  const enabled = usePageSettled() && signedIn;
  return useQuery({
    queryKey: queryKeys.notifications.unreadCount(),
    queryFn: () => api.notifications.unreadCount(),
    enabled,
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    retry: false,
    meta: quiet,
  });
}

export function useNotificationList() {
  const api = useApi();
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.notifications.list(),
    queryFn: async () => {
      const answer = await api.notifications.list();
      // The list carries the unread count too: the badge follows at once.
      client.setQueryData<UnreadCountResponse>(queryKeys.notifications.unreadCount(), { unread: answer.unread });
      return answer;
    },
    retry: false,
    meta: quiet,
  });
}

/** Marks notifications read: one (by id) or all (no id). The list and the badge show it at once. */
export function useMarkRead() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id?: number) => (id === undefined ? api.notifications.markAllRead() : api.notifications.markRead(id)),
    onMutate: (id) => {
      client.setQueryData<NotificationListResponse>(queryKeys.notifications.list(), (list) =>
        list
          ? { ...list, notifications: list.notifications.map((n) => (id === undefined || n.id === id ? { ...n, read: true } : n)) }
          : list,
      );
    },
    onSuccess: (answer) => {
      client.setQueryData<UnreadCountResponse>(queryKeys.notifications.unreadCount(), answer);
      client.setQueryData<NotificationListResponse>(queryKeys.notifications.list(), (list) =>
        list ? { ...list, unread: answer.unread } : list,
      );
    },
    onError: () => client.invalidateQueries({ queryKey: queryKeys.notifications.all() }),
    meta: { failureToast: 'Failed to mark notifications as read' },
  });
}
