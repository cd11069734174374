/** The three-way role chooser of the sign-in screen: a native radio group drawn as cards. */
import { useId } from 'react';
import { LOGIN_ROLE_OPTIONS, type Role } from 'shared-contracts';
import styles from './LoginPage.module.css';

const ICON_PATHS: Record<Role, string[]> = {
  // A shopping bag, a shop front, a shield.
  normal_user: ['M6 7h12l1 14H5L6 7z', 'M9 10V6a3 3 0 0 1 6 0v4'],
  store_owner: ['M3 9l2-5h14l2 5', 'M3 9h18v2a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0V9z', 'M5 13v7h14v-7', 'M10 20v-4h4v4'],
  system_admin: ['M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3z', 'M9 12l2 2 4-4'],
};

function RoleIcon({ role }: { role: Role }) {
  return (
    <svg
      className={styles.roleIcon}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {ICON_PATHS[role].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

export function RoleChooser({ value, onChange }: { value: Role; onChange: (role: Role) => void }) {
  const id = useId();
  const legendId = `${id}-legend`;

  return (
    <fieldset className={styles.roles} role="radiogroup" aria-labelledby={legendId}>
      <legend id={legendId} className={styles.rolesLegend}>
        Sign in as
      </legend>
      <div className={styles.roleOptions}>
        {LOGIN_ROLE_OPTIONS.map((option) => {
          const optionId = `${id}-${option.role}`;
          const checked = option.role === value;
          return (
            <label key={option.role} htmlFor={optionId} className={`${styles.role} ${checked ? styles.roleSelected : ''}`}>
              <input
                id={optionId}
                type="radio"
                name={`${id}-role`}
                value={option.role}
                checked={checked}
                onChange={() => onChange(option.role)}
                className={styles.roleInput}
                aria-labelledby={`${optionId}-label`}
                aria-describedby={`${optionId}-caption`}
              />
              <span className={styles.roleBody}>
                <RoleIcon role={option.role} />
                <span id={`${optionId}-label`} className={styles.roleLabel}>
                  {option.label}
                </span>
                <span id={`${optionId}-caption`} className={styles.roleCaption}>
                  {option.caption}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
