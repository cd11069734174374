/**
 * Which version of each remote one browser gets (DESIGN.md §5): the live one, or the canary for the
 * canary's share of browsers. A browser is named by a random id kept in a first-party cookie; the choice
 * is a hash of that id, the app and the canary's version, so the same browser gets the same version on
 * every visit for as long as the canary runs (raising the share only adds browsers), and each new canary
 * draws its own sample.
 */
import { createHash, randomBytes } from 'node:crypto';
import { APP_FOLDERS, BUILT_IN_VERSION, type DeployableApp, REMOTE_APPS, REMOTES_VERSIONS_KEY } from 'shared-contracts';
import type { Releases } from './releases';
import type { CanaryRef } from './state-file';

/** The cookie that names a browser for canary rollouts. */
export const ROLLOUT_COOKIE = 'sr_rollout';
const BROWSER_ID = /^[0-9a-f]{32}$/;

export function newBrowserId(): string {
  return randomBytes(16).toString('hex');
}

export function isBrowserId(value: unknown): value is string {
  return typeof value === 'string' && BROWSER_ID.test(value);
}

/** Whether this browser is in the canary's share (stable for the same browser, app and canary). */
export function inCanary(browserId: string, app: DeployableApp, canary: CanaryRef): boolean {
  const digest = createHash('sha256').update(`${browserId}:${app}:${canary.version}`).digest();
  return digest.readUInt32BE(0) % 100 < canary.percent;
}

export function releaseManifestUrl(folder: string, version: string): string {
  return `/releases/${folder}/${version}/mf-manifest.json`;
}

/**
 * What /remotes.json answers one browser: `base` (the shell build's remotes.json, or REMOTES_FILE) with
 * each published remote pointed at its live release or this browser's canary, and under
 * REMOTES_VERSIONS_KEY the version chosen for every app, the shell's included.
 */
export function remotesFor(releases: Releases, browserId: string, base: Record<string, unknown>): Record<string, unknown> {
  const state = releases.state();
  const answer: Record<string, unknown> = { ...base };
  const versions: Record<string, string> = { shell: releases.appState('shell', state).live?.version ?? BUILT_IN_VERSION };
  for (const app of REMOTE_APPS) {
    const own = releases.appState(app, state);
    const version = own.canary && inCanary(browserId, app, own.canary) ? own.canary.version : (own.live?.version ?? BUILT_IN_VERSION);
    if (version !== BUILT_IN_VERSION) answer[app] = releaseManifestUrl(APP_FOLDERS[app], version);
    if (typeof answer[app] === 'string') versions[app] = version;
  }
  answer[REMOTES_VERSIONS_KEY] = versions;
  return answer;
}
