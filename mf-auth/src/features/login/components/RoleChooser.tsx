/**
 * The three-way role chooser of the sign-in screen: a native radio group drawn as cards, each with the
 * kit's icon of its role. With a `hint` (a refused sign-in: the role may be the wrong one) the group is
 * marked and the hint shows under the cards, read with every role.
 */
import { type Ref, useId } from 'react';
import { LOGIN_ROLE_OPTIONS, type Role } from 'shared-contracts';
import { cx, Icon } from 'shared-contracts/ui';
import { ROLE_ICONS } from '../role-icons';
import styles from './LoginPage.module.css';

export interface RoleChooserProps {
  value: Role;
  onChange: (role: Role) => void;
  /** Shown under the cards and added to each role's description. */
  hint?: string | null;
  ref?: Ref<HTMLFieldSetElement>;
}

export function RoleChooser({ value, onChange, hint, ref }: RoleChooserProps) {
  const id = useId();
  const legendId = `${id}-legend`;
  const hintId = `${id}-hint`;

  return (
    <fieldset ref={ref} className={cx(styles.roles, hint && styles.rolesAttention)} role="radiogroup" aria-labelledby={legendId}>
      <legend id={legendId} className={styles.rolesLegend}>
        Sign in as
      </legend>
      <div className={styles.roleOptions}>
        {LOGIN_ROLE_OPTIONS.map((option) => {
          const optionId = `${id}-${option.role}`;
          const checked = option.role === value;
          return (
            <label key={option.role} htmlFor={optionId} className={cx(styles.role, checked && styles.roleSelected)} data-selected={checked}>
              <input
                id={optionId}
                type="radio"
                name={`${id}-role`}
                value={option.role}
                checked={checked}
                onChange={() => onChange(option.role)}
                className={styles.roleInput}
                aria-labelledby={`${optionId}-label`}
                aria-describedby={cx(`${optionId}-caption`, hint && hintId)}
              />
              <span className={styles.roleBody}>
                {checked && <Icon name="check" size="sm" className={styles.roleCheck} />}
                <Icon name={ROLE_ICONS[option.role]} size="lg" className={styles.roleIcon} />
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
      {hint && (
        <p id={hintId} className={styles.roleHint}>
          <Icon name="warning" size="sm" />
          {hint}
        </p>
      )}
    </fieldset>
  );
}
