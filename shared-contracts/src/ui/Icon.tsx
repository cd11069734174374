/**
 * The one icon set of the site (issue 16: emoji in admin, glyphs in the customer dashboard and SVG in
 * sign-in looked like three products): 24×24 line icons drawn in the text colour, so they follow the
 * theme and the band colours. Decorative by default (hidden from screen readers, the text beside them
 * says it); give `label` when the icon alone carries the meaning.
 */
import styles from './Icon.module.css';

const PATHS = {
  /** A shop front. */
  store: ['M3 9l2-5h14l2 5', 'M3 9h18v2a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0V9z', 'M5 13v7h14v-7', 'M10 20v-4h4v4'],
  /** A shopping bag (a customer). */
  bag: ['M6 7h12l1 14H5L6 7z', 'M9 10V6a3 3 0 0 1 6 0v4'],
  /** A shield with a check (an administrator). */
  shield: ['M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3z', 'M9 12l2 2 4-4'],
  user: ['M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M4 21a8 8 0 0 1 16 0'],
  users: ['M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M2 21a7 7 0 0 1 14 0', 'M16 3.5a4 4 0 0 1 0 7.5', 'M18 14a7 7 0 0 1 4 7'],
  lock: ['M6 11h12v10H6z', 'M8 11V7a4 4 0 0 1 8 0v4'],
  chart: ['M4 20V4', 'M4 20h16', 'M8 16v-5', 'M12 16V8', 'M16 16v-8'],
  rocket: ['M12 15l-3-3c1-4 4-8 10-9-1 6-5 9-9 10z', 'M9 12H5l3-4h4', 'M12 15v4l4-3v-4', 'M6 16c-1 1-2 3-2 4 1 0 3-1 4-2'],
  box: ['M3 7l9-4 9 4-9 4-9-4z', 'M3 7v10l9 4 9-4V7', 'M12 11v10'],
  star: ['M12 3l2.7 5.6 6.2.9-4.5 4.3 1.1 6.2L12 17l-5.5 3 1.1-6.2L3.1 9.5l6.2-.9L12 3z'],
  check: ['M5 12l5 5 9-10'],
  cross: ['M6 6l12 12', 'M18 6L6 18'],
  warning: ['M12 3l10 18H2L12 3z', 'M12 10v5', 'M12 18v.5'],
  search: ['M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z', 'M21 21l-5-5'],
  filter: ['M3 5h18l-7 8v6l-4 2v-8L3 5z'],
  menu: ['M4 6h16', 'M4 12h16', 'M4 18h16'],
  plus: ['M12 5v14', 'M5 12h14'],
  clock: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 7v5l3 2'],
} as const;

export type IconName = keyof typeof PATHS;
export const ICON_NAMES = Object.keys(PATHS) as IconName[];

export interface IconProps {
  name: IconName;
  /** Said to screen readers when the icon alone carries the meaning; otherwise the icon is hidden from them. */
  label?: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
}

export function Icon({ name, label, size = 'md', className }: IconProps) {
  const filled = name === 'star';
  return (
    <svg
      className={[styles.icon, styles[size], className].filter(Boolean).join(' ')}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      data-icon={name}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
