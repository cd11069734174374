/** How the deployments screen words versions, figures, history actions and the commands' confirmations. */
import {
  type AppDeployment,
  BUILT_IN_VERSION,
  type DeploymentAction,
  type DeploymentCommand,
  type DeploymentsResponse,
} from 'shared-contracts';

/** A failure rate (0..1) as a percent with at most one decimal ('60%', '3.5%'); '—' without any attempt. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`;
}

/** A time to first render: '850 ms', '1.2 s'; '—' without loads. */
export function formatMs(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000 ? `${ms} ms` : `${(Math.round(ms / 100) / 10).toFixed(1)} s`;
}

/** The start of an hour in the reader's locale ('14:00'). */
export function formatHour(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** A version as the admin reads it: the built-in version says what it is. */
export function versionText(version: string): string {
  return version === BUILT_IN_VERSION ? `${version} (the app's own build)` : version;
}

/** 'A canary is aborted automatically above 20% failures once it has 20 load attempts.' */
export function policyText({ maxFailureRate, minLoads }: DeploymentsResponse['canaryPolicy']): string {
  return `A canary is aborted automatically above ${formatRate(maxFailureRate)} failures once it has ${minLoads} load ${minLoads === 1 ? 'attempt' : 'attempts'}.`;
}

export const ACTION_LABELS: Readonly<Record<DeploymentAction, string>> = {
  publish: 'Published',
  canary: 'Canary started',
  promote: 'Canary promoted',
  abort: 'Canary aborted',
  auto_abort: 'Canary aborted automatically',
  rollback: 'Rolled back',
};

export interface CommandText {
  button: string;
  /** The button's accessible name, naming the app. */
  name: string;
  title: string;
  question: string;
  detail: string;
  confirm: string;
  busy: string;
}

/** The words of a command's button and confirmation for one app (its canary and rollback target as they are now). */
export function commandText(command: DeploymentCommand, app: AppDeployment): CommandText {
  const live = app.live.version;
  const canary = app.canary?.version ?? '';
  const target = app.rollbackTo ?? '';
  switch (command) {
    case 'promote':
      return {
        button: 'Promote canary',
        name: `Promote canary of ${app.label}`,
        title: 'Promote canary',
        question: `Make ${canary} live for every browser?`,
        detail: `${app.label}: ${canary} replaces ${live} for everyone, after the compatibility gate has checked it.`,
        confirm: 'Promote',
        busy: 'Promoting…',
      };
    case 'abort':
      return {
        button: 'Abort canary',
        name: `Abort canary of ${app.label}`,
        title: 'Abort canary',
        question: `End the canary of ${canary}?`,
        detail: `${app.label}: every browser gets the live version ${live} again.`,
        confirm: 'Abort canary',
        busy: 'Aborting…',
      };
    case 'rollback':
      return {
        button: `Roll back to ${target}`,
        name: `Roll back to ${target}: ${app.label}`,
        title: 'Roll back',
        question: `Make ${target} live again?`,
        detail: `${app.label}: ${target} replaces ${live} for every browser${app.canary ? `, and the canary ${canary} ends` : ''}.`,
        confirm: 'Roll back',
        busy: 'Rolling back…',
      };
  }
}
