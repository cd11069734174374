/**
 * Delivering the shell and the remotes (DESIGN.md §5, "Delivering a remote"): which apps are deployed
 * on their own, what the shell reports of each remote's health, and the limits of those reports.
 * The API (releases, gate, canaries, health) and the browser (the shell's reports, the admin's
 * deployments screen) both speak these names.
 */

/** The Module Federation name of each remote, as remotes.json and every manifest name it. */
export const REMOTE_APPS = ['mf_auth', 'mf_stores', 'mf_admin', 'mf_owner', 'mf_customer'] as const;
export type RemoteApp = (typeof REMOTE_APPS)[number];

/** Everything that is released on its own: the shell and each remote. */
export const DEPLOYABLE_APPS = ['shell', ...REMOTE_APPS] as const;
export type DeployableApp = (typeof DEPLOYABLE_APPS)[number];

/** The folder (and npm workspace) of each deployable app. */
export const APP_FOLDERS: Readonly<Record<DeployableApp, string>> = {
  shell: 'shell',
  mf_auth: 'mf-auth',
  mf_stores: 'mf-stores',
  mf_admin: 'mf-admin',
  mf_owner: 'mf-owner',
  mf_customer: 'mf-customer',
};

/** How each app is named to an admin. */
export const APP_LABELS: Readonly<Record<DeployableApp, string>> = {
  shell: 'Shell (navbar, routes, sign-in state)',
  mf_auth: 'Sign-in and profile',
  mf_stores: 'Store list and store pages',
  mf_admin: 'Administration',
  mf_owner: 'Store owner dashboard',
  mf_customer: 'Customer dashboard and ratings',
};

/**
 * The version name of a build served from the app's own dist folder (nothing published yet): what
 * remotes.json and the health reports call it.
 */
export const BUILT_IN_VERSION = 'dist';

/** A published version's name: letters, digits, '.', '_' or '-', at most 64, starting with a letter or digit. */
export const RELEASE_VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * The key of /remotes.json under which the server says which version of each app it chose for this
 * browser (`{ shell: '1.1.0-…', mf_stores: 'dist', … }`). Its value is an object, so a shell that
 * registers every string entry as a remote passes over it.
 */
export const REMOTES_VERSIONS_KEY = '$versions';

/** What the shell reports of a remote: a load (with its time to first render), a load failure, a render error. */
export const REMOTE_HEALTH_EVENT_KINDS = ['load', 'load_failure', 'render_error'] as const;
export type RemoteHealthEventKind = (typeof REMOTE_HEALTH_EVENT_KINDS)[number];

/** Why a remote failed to load: it timed out, its files answered 404 or 5xx, the network failed, or something else. */
export const REMOTE_LOAD_FAILURE_REASONS = ['timeout', 'not_found', 'server_error', 'network', 'other'] as const;
export type RemoteLoadFailureReason = (typeof REMOTE_LOAD_FAILURE_REASONS)[number];

/** Where the shell sends its health reports (navigator.sendBeacon, anonymous allowed). */
export const REMOTE_HEALTH_PATH = '/api/telemetry/remote-health';
/** At most this many events in one report; the shell sends a report when it has this many. */
export const REMOTE_HEALTH_MAX_EVENTS = 50;
/** Largest report body the API accepts, in bytes. */
export const REMOTE_HEALTH_MAX_BODY_BYTES = 16 * 1024;
/** The shell sends what it has gathered this long after the first unsent event (and when the page is hidden). */
export const REMOTE_HEALTH_FLUSH_MS = 5_000;
/** The longest time to first render a report may carry (ms); a remote that took longer timed out. */
export const REMOTE_HEALTH_MAX_RENDER_MS = 120_000;

/** What changed a deployment, as the release history records it. */
export const DEPLOYMENT_ACTIONS = ['publish', 'canary', 'promote', 'abort', 'auto_abort', 'rollback'] as const;
export type DeploymentAction = (typeof DEPLOYMENT_ACTIONS)[number];

/** What an admin can do to an app's delivery from the deployments screen (and the commands do). */
export const DEPLOYMENT_COMMANDS = ['promote', 'abort', 'rollback'] as const;
export type DeploymentCommand = (typeof DEPLOYMENT_COMMANDS)[number];
