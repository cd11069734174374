/**
 * The navbar's dark mode switch: a toggle button ("Dark mode", pressed while the page is dark, whether
 * chosen or the system's). Pressing it chooses the other theme and remembers it (theme.ts). A moon in
 * the kit's icon style (24×24, drawn in the text colour, filled while pressed); the label is shown in
 * the mobile menu and is the button's name everywhere.
 */
import { useSyncExternalStore } from 'react';
import styles from './ThemeToggle.module.css';
import { chooseTheme, currentTheme, subscribeToTheme, type Theme } from './theme';

const serverTheme = (): Theme => 'light';

export function ThemeToggle() {
  const dark = useSyncExternalStore(subscribeToTheme, currentTheme, serverTheme) === 'dark';
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-pressed={dark}
      title={dark ? 'Switch to the light theme' : 'Switch to the dark theme'}
      onClick={() => chooseTheme(dark ? 'light' : 'dark')}
    >
      <svg
        className={styles.icon}
        viewBox="0 0 24 24"
        fill={dark ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        aria-hidden="true"
      >
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </svg>
      <span className={styles.label}>Dark mode</span>
    </button>
  );
}
