/**
 * Light or dark (the design tokens' two palettes, styles/global.css). With no choice made the page
 * follows the system (`prefers-color-scheme`, in CSS alone); a choice made with the navbar's toggle is
 * remembered in localStorage under THEME_STORAGE_KEY ('light' or 'dark') and set as `data-theme` on
 * <html>, which wins over the system's in both directions. The entry (src/index.ts) applies the
 * remembered choice before anything renders.
 */

export type Theme = 'light' | 'dark';

/** Where the choice is kept; absent means "follow the system". */
export const THEME_STORAGE_KEY = 'theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

const isTheme = (value: unknown): value is Theme => value === 'light' || value === 'dark';

/** The theme the user chose, or null when they have not (or storage cannot be read). */
export function storedTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : null;
  } catch {
    return null;
  }
}

function darkQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
}

/** The system's preference. */
export function systemTheme(): Theme {
  return darkQuery()?.matches ? 'dark' : 'light';
}

/** The theme the page shows: the choice on <html> (the remembered one, applied at start), else the system's. */
export function currentTheme(): Theme {
  const chosen = document.documentElement.getAttribute('data-theme');
  return isTheme(chosen) ? chosen : systemTheme();
}

/** Puts the choice on <html> (`data-theme`), or takes it off so the system's preference applies. */
export function applyTheme(choice: Theme | null): void {
  const root = document.documentElement;
  if (choice) root.setAttribute('data-theme', choice);
  else root.removeAttribute('data-theme');
}

/** The entry's first step: the remembered choice on <html> before the first render. */
export function applyStoredTheme(): void {
  applyTheme(storedTheme());
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Chooses a theme: shown at once, remembered for the next visit (this page keeps it even when storage fails). */
export function chooseTheme(theme: Theme): void {
  applyTheme(theme);
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be unavailable (private mode, quota): the choice then lasts this page only.
  }
  notify();
}

/**
 * Calls `listener` whenever the shown theme may have changed: a choice made here, the system's
 * preference changing, or a choice made in another tab (applied here too). Returns the unsubscribe.
 */
export function subscribeToTheme(listener: () => void): () => void {
  const query = darkQuery();
  const onStorage = (event: StorageEvent) => {
    // null key: the other tab cleared the whole storage.
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    applyStoredTheme();
    listener();
  };
  listeners.add(listener);
  query?.addEventListener('change', listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    query?.removeEventListener('change', listener);
    window.removeEventListener('storage', onStorage);
  };
}
