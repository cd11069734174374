/** The saved session: the token in local storage under 'token' (spec §9). */
import { ROLE_HINT_STORAGE_KEY, TOKEN_STORAGE_KEY } from 'shared-contracts';

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
    else window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, quota); the session then lasts this page only.
  }
}

/**
 * The signed-in user's role, kept beside the token (ROLE_HINT_STORAGE_KEY) for the page's inline script,
 * which preloads a route's remote only for a visitor its guard lets in; removed with the session.
 */
export function writeRoleHint(role: string | null): void {
  try {
    if (role) window.localStorage.setItem(ROLE_HINT_STORAGE_KEY, role);
    else window.localStorage.removeItem(ROLE_HINT_STORAGE_KEY);
  } catch {
    // As for the token: without storage there is no hint, and the remote loads once the page asks.
  }
}
