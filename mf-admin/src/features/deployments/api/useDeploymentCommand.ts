/**
 * The deployments screen's commands: POST /api/admin/deployments/:app/(promote|abort|rollback), one at
 * a time. Success toasts the answer's message and hands the app's new state to `onChanged`. A refusal
 * (409: the compatibility gate's problems, or nothing to do) or a failure is kept for its app, so the
 * screen shows the message and every problem where the admin is looking, not only in a passing toast.
 */
import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import { type AppDeployment, type DeployableApp, type DeploymentCommand, errorMessage, errorStatus } from 'shared-contracts';
import { useApi } from 'shared-contracts/react';

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

/** The `errors` of a refusal's body (`{ message, errors: [{ field, message }] }`), as problems. */
function problemsOf(error: unknown): CommandRefusal['problems'] {
  const status = errorStatus(error);
  if (status === undefined || status >= 500) return [];
  const errors = (error as { response?: { data?: { errors?: unknown } } }).response?.data?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((item: { field?: unknown; message?: unknown } | null) =>
    typeof item?.field === 'string' && typeof item.message === 'string' ? [{ subject: item.field, message: item.message }] : [],
  );
}

function without(refusals: Refusals, app: DeployableApp): Refusals {
  const next = { ...refusals };
  delete next[app];
  return next;
}

export function useDeploymentCommand(onChanged: (app: AppDeployment) => void) {
  const api = useApi();
  const [running, setRunning] = useState<{ app: DeployableApp; command: DeploymentCommand } | null>(null);
  const [refusals, setRefusals] = useState<Refusals>({});

  /** Runs `command` on `app`; resolves true when it was done. */
  const run = useCallback(
    async (app: DeployableApp, command: DeploymentCommand): Promise<boolean> => {
      setRunning({ app, command });
      setRefusals((current) => without(current, app));
      try {
        const answer = await api.admin.deploymentCommand(app, command);
        onChanged(answer.app);
        toast.success(answer.message);
        return true;
      } catch (error) {
        const status = errorStatus(error);
        if (status === undefined || status >= 500) console.error(`Request failed: ${FAILED[command]}`, error);
        // A gate refusal's message may list the problems again after its first line.
        const message = errorMessage(error, FAILED[command]).split('\n')[0];
        const problems = problemsOf(error);
        setRefusals((current) => ({ ...current, [app]: { command, message, problems } }));
        return false;
      } finally {
        setRunning(null);
      }
    },
    [api, onChanged],
  );

  const dismiss = useCallback((app: DeployableApp) => setRefusals((current) => without(current, app)), []);
  return { running, refusals, run, dismiss };
}
