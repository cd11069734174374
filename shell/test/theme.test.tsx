// Dark mode: the navbar's toggle sets `data-theme` on <html> and says its state (aria-pressed), the
// choice is remembered in localStorage ('theme') and applied by the entry before anything renders, and
// with no choice the page follows the system's `prefers-color-scheme` (also when it changes).
import { act, screen, within } from '@testing-library/react';
import { loadRemotePage } from '../src/remotes/registry';
import { applyStoredTheme, chooseTheme, currentTheme, THEME_STORAGE_KEY } from '../src/features/theme/theme';
import { makeUser } from './support/fake-api';
import { loadFakeRemotePage, pageHeading } from './support/fake-remotes';
import { findNavbar, renderApp } from './support/render-app';

jest.mock('../src/remotes/registry', () => ({ ...jest.requireActual('../src/remotes/registry'), loadRemotePage: jest.fn() }));
jest.mocked(loadRemotePage).mockImplementation(loadFakeRemotePage);

const DARK_QUERY = '(prefers-color-scheme: dark)';
const jsdomMatchMedia = window.matchMedia;

/** A system whose colour scheme a test sets and changes: matchMedia answers `(prefers-color-scheme: dark)` from it. */
function fakeSystem(prefersDark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const queries: string[] = [];
  const system = {
    prefersDark,
    queries,
    /** The system switches: every listener of the dark query hears it, as a browser tells them. */
    change(dark: boolean) {
      system.prefersDark = dark;
      act(() => listeners.forEach((listener) => listener({ matches: dark, media: DARK_QUERY } as MediaQueryListEvent)));
    },
    listenerCount: () => listeners.size,
  };
  window.matchMedia = (query: string) => {
    queries.push(query);
    const isDark = query === DARK_QUERY;
    return {
      get matches() {
        return isDark ? system.prefersDark : false;
      },
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
        if (isDark) listeners.add(listener);
      },
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
        listeners.delete(listener);
      },
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  };
  return system;
}

const html = document.documentElement;

/** Renders the signed-in shell and returns the navbar's dark mode toggle. */
async function renderToggle() {
  const rendered = renderApp({ path: '/stores', user: makeUser('normal_user') });
  const nav = await findNavbar();
  await screen.findByRole('heading', { name: pageHeading('mf_stores', 'StoreListPage') });
  return { ...rendered, nav, toggle: within(nav).getByRole('button', { name: 'Dark mode' }) };
}

beforeEach(() => {
  html.removeAttribute('data-theme');
});

afterEach(() => {
  window.matchMedia = jsdomMatchMedia;
  html.removeAttribute('data-theme');
});

describe('the navbar toggle', () => {
  test('switches data-theme on <html> between dark and light, and says which is on', async () => {
    fakeSystem(false);
    const { toggle, events } = await renderToggle();
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(html).not.toHaveAttribute('data-theme');

    await events.click(toggle);
    expect(html).toHaveAttribute('data-theme', 'dark');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveAccessibleName('Dark mode');
    expect(toggle).toHaveAccessibleDescription('Switch to the light theme');

    await events.click(toggle);
    expect(html).toHaveAttribute('data-theme', 'light');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveAccessibleDescription('Switch to the dark theme');
  });

  test('works from the keyboard: Tab reaches it, Enter and Space press it', async () => {
    fakeSystem(false);
    const { toggle, events } = await renderToggle();
    toggle.focus();
    expect(toggle).toHaveFocus();
    await events.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await events.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    // In the bar's tab order, right before Logout.
    await events.tab({ shift: true });
    await events.tab();
    expect(toggle).toHaveFocus();
    await events.tab();
    expect(screen.getByRole('button', { name: 'Logout' })).toHaveFocus();
  });

  test('sits in the mobile menu, with the account controls', async () => {
    fakeSystem(false);
    const { nav, toggle } = await renderToggle();
    const menuButton = within(nav).getByRole('button', { name: 'Menu' });
    const menu = document.getElementById(menuButton.getAttribute('aria-controls') ?? '');
    expect(menu).toContainElement(toggle);
  });
});

describe('the choice is remembered', () => {
  test("in localStorage under 'theme', and a new page starts with it (the entry applies it before the first render)", async () => {
    fakeSystem(false);
    const first = await renderToggle();
    await first.events.click(first.toggle);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    first.unmount();

    // A new page: nothing on <html> until the entry's first step.
    html.removeAttribute('data-theme');
    applyStoredTheme();
    expect(html).toHaveAttribute('data-theme', 'dark');
    const second = await renderToggle();
    expect(second.toggle).toHaveAttribute('aria-pressed', 'true');

    await second.events.click(second.toggle);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  test('light chosen on a dark system stays light after a remount', async () => {
    fakeSystem(true);
    const first = await renderToggle();
    expect(first.toggle).toHaveAttribute('aria-pressed', 'true');
    await first.events.click(first.toggle);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    first.unmount();

    html.removeAttribute('data-theme');
    applyStoredTheme();
    expect(html).toHaveAttribute('data-theme', 'light');
    const second = await renderToggle();
    expect(second.toggle).toHaveAttribute('aria-pressed', 'false');
  });

  test('is kept when signing out (Logout removes only the session)', async () => {
    fakeSystem(false);
    const { toggle, events } = await renderToggle();
    await events.click(toggle);
    await events.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { name: pageHeading('mf_auth', 'LoginPage') });
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(html).toHaveAttribute('data-theme', 'dark');
  });

  test('a choice made in another tab is applied here too', async () => {
    fakeSystem(false);
    const { toggle } = await renderToggle();
    act(() => {
      window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }));
    });
    expect(html).toHaveAttribute('data-theme', 'dark');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  test('a stored value that is not a theme is ignored: the system decides', () => {
    const system = fakeSystem(true);
    window.localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    applyStoredTheme();
    expect(html).not.toHaveAttribute('data-theme');
    expect(currentTheme()).toBe('dark');
    system.change(false);
    expect(currentTheme()).toBe('light');
  });

  test('without storage the choice still holds for this page', () => {
    fakeSystem(false);
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    try {
      expect(() => chooseTheme('dark')).not.toThrow();
      expect(html).toHaveAttribute('data-theme', 'dark');
      expect(currentTheme()).toBe('dark');
    } finally {
      setItem.mockRestore();
    }
  });
});

describe('with no choice, the system decides', () => {
  test("a system in dark mode shows dark (matchMedia('(prefers-color-scheme: dark)')), with nothing on <html>", async () => {
    const system = fakeSystem(true);
    const { toggle } = await renderToggle();
    expect(system.queries).toContain(DARK_QUERY);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(html).not.toHaveAttribute('data-theme');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  test('a system in light mode shows light', async () => {
    fakeSystem(false);
    const { toggle } = await renderToggle();
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  test('the toggle follows the system when it changes, until a choice is made', async () => {
    const system = fakeSystem(false);
    const { toggle, events } = await renderToggle();
    system.change(true);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    system.change(false);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await events.click(toggle);
    expect(html).toHaveAttribute('data-theme', 'dark');
    system.change(false);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  test('the toggle stops listening when the navbar goes', async () => {
    const system = fakeSystem(false);
    const { unmount } = await renderToggle();
    expect(system.listenerCount()).toBeGreaterThan(0);
    unmount();
    expect(system.listenerCount()).toBe(0);
  });
});
