/**
 * The deployments screen's data: GET /api/admin/deployments, asked again by the Refresh button, quietly
 * every 30 s while the page is visible and at once when it becomes visible again; and the commands
 * POST /api/admin/deployments/:app/(promote|abort|rollback).
 */
import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import { type AppDeployment, type DeployableApp, type DeploymentCommand, type DeploymentsResponse, errorMessage } from 'shared-contracts';
import { queryKeys, useApi, useMutation, useQuery, useQueryClient } from 'shared-contracts/react';
import { refusalFieldErrors } from '../../common/api/refusal';

export const REFRESH_INTERVAL_MS = 30_000;
export const FETCH_DEPLOYMENTS_FAILED = 'Failed to fetch deployments';

/**
 * The deployments, kept fresh while the page is visible. A failed first load toasts 'Failed to fetch
 * deployments' (the screen's error state); a failed refresh keeps the figures on screen and the screen
 * says so ('Could not refresh…'), so it is neither logged nor toasted.
 */
export function useDeploymentsQuery() {
  const api = useApi();
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.admin.deployments(),
    queryFn: () => api.admin.deployments(),
    // Paused while the page is hidden (refetchIntervalInBackground is off); asked again when it shows.
    refetchInterval: REFRESH_INTERVAL_MS,
    refetchOnWindowFocus: true,
    meta: {
      failureToast: FETCH_DEPLOYMENTS_FAILED,
      isExpected: () => client.getQueryData(queryKeys.admin.deployments()) !== undefined,
    },
  });
}

export interface CommandRefusal {
  command: DeploymentCommand;
  message: string;
  /** The gate's problems, e.g. { subject: 'shared-contracts', message: 'mf_stores needs ^1.1.0; the live shell provides 1.0.0' }. */
  problems: { subject: string; message: string }[];
}

export type Refusals = Partial<Record<DeployableApp, CommandRefusal>>;

const FAILED: Record<DeploymentCommand, string> = {
  promote: 'Failed to promote the canary',
  abort: 'Failed to abort the canary',
  rollback: 'Failed to roll back',
};

/** The gate's problems: the `errors` of a refusal's body, each naming the package it is about in `field`. */
const problemsOf = (error: unknown): CommandRefusal['problems'] =>
  refusalFieldErrors(error).map(({ field, message }) => ({ subject: field, message }));

function without(refusals: Refusals, app: DeployableApp): Refusals {
  const next = { ...refusals };
  delete next[app];
  return next;
}

/**
 * The commands, one at a time. Success toasts the answer's message and puts the app's new state into
 * the cached deployments (any refresh on its way is cancelled first, so an older answer never undoes
 * the change); the cached answer is marked stale, to be asked again on the next refresh. A refusal or a
 * failure is kept for its app, so the screen shows the message and every problem where the admin is
 * looking, not in a passing toast (no failureToast: the cache only logs what is not the admin's doing).
 */
export function useDeploymentCommand() {
  const api = useApi();
  const client = useQueryClient();
  const [refusals, setRefusals] = useState<Refusals>({});
  const { mutateAsync, isPending, variables } = useMutation({
    mutationFn: ({ app, command }: { app: DeployableApp; command: DeploymentCommand }) => api.admin.deploymentCommand(app, command),
    onMutate: ({ app }) => setRefusals((current) => without(current, app)),
    onSuccess: async (answer) => {
      const queryKey = queryKeys.admin.deployments();
      await client.cancelQueries({ queryKey });
      client.setQueryData<DeploymentsResponse>(
        queryKey,
        (current) => current && { ...current, apps: replaceApp(current.apps, answer.app) },
      );
      void client.invalidateQueries({ queryKey, refetchType: 'none' });
      toast.success(answer.message);
    },
    onError: (error, { app, command }) => {
      // A gate refusal's message may list the problems again after its first line.
      const message = errorMessage(error, FAILED[command]).split('\n')[0];
      setRefusals((current) => ({ ...current, [app]: { command, message, problems: problemsOf(error) } }));
    },
  });

  /** Runs `command` on `app`; resolves true when it was done. */
  const run = useCallback(
    (app: DeployableApp, command: DeploymentCommand) =>
      mutateAsync({ app, command }).then(
        () => true,
        () => false,
      ),
    [mutateAsync],
  );
  const dismiss = useCallback((app: DeployableApp) => setRefusals((current) => without(current, app)), []);
  return { running: isPending ? (variables ?? null) : null, refusals, run, dismiss };
}

const replaceApp = (apps: AppDeployment[], app: AppDeployment) => apps.map((a) => (a.app === app.app ? app : a));
