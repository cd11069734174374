/**
 * The profile check the page's inline script started while the code was loading (shared-contracts
 * `EARLY_PROFILE_SCRIPT`): taken once, and only for the token the session starts with, so the start-up
 * check does not ask the server a second time.
 */
import { EARLY_PROFILE_GLOBAL, type EarlyProfile, type User } from 'shared-contracts';

/** What the early answer says: the profile, a refused token (401), or a failure (no answer, another status). */
export type EarlyProfileOutcome = { kind: 'user'; user: User } | { kind: 'unauthorized' } | { kind: 'failed' };

type WithEarlyProfile = typeof window & { [EARLY_PROFILE_GLOBAL]?: EarlyProfile };

/** The started check for `token`, or null when there is none (or it was made with another token). Taken once. */
export function takeEarlyProfile(token: string): Promise<EarlyProfileOutcome> | null {
  const holder = window as WithEarlyProfile;
  const early = holder[EARLY_PROFILE_GLOBAL];
  delete holder[EARLY_PROFILE_GLOBAL];
  if (!early || early.token !== token) return null;
  return early.response.then(async (response): Promise<EarlyProfileOutcome> => {
    if (!response) return { kind: 'failed' };
    if (response.status === 401) return { kind: 'unauthorized' };
    if (!response.ok) return { kind: 'failed' };
    try {
      const body = (await response.json()) as { user?: User };
      return body.user ? { kind: 'user', user: body.user } : { kind: 'failed' };
    } catch {
      return { kind: 'failed' };
    }
  });
}
