/** Personal information: name, email and address in view mode; Edit switches to a form for name and address. */
import { useId, useRef } from 'react';
import { ADDRESS_MAX_LENGTH, NAME_MAX_LENGTH, NAME_MIN_LENGTH, type User } from 'shared-contracts';
import formStyles from '../../form-controls/components/Form.module.css';
import { FormAlert, formStyles as fieldStyles } from 'shared-contracts/ui';
import { TextField } from '../../form-controls/components/TextField';
import { useProfileEditor } from '../hooks/useProfileEditor';
import { useReturnFocus } from '../hooks/useReturnFocus';
import styles from './ProfilePage.module.css';

export function ProfileDetails({ user }: { user: User }) {
  const { editing, values, setField, busy, error, startEditing, cancel, submit } = useProfileEditor(user);
  const headingId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  useReturnFocus(editing, nameInput, editButton);

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <div className={styles.cardHeader}>
        <h2 id={headingId} className={styles.cardTitle}>
          Personal Information
        </h2>
        {!editing && (
          <button ref={editButton} type="button" className={`${formStyles.button} ${formStyles.secondary}`} onClick={startEditing}>
            Edit Profile
          </button>
        )}
      </div>

      {editing ? (
        <form className={fieldStyles.form} onSubmit={submit} noValidate aria-label="Edit profile">
          <TextField
            label="Full Name"
            name="name"
            autoComplete="name"
            counterLimit={NAME_MAX_LENGTH}
            hint={`${NAME_MIN_LENGTH}-${NAME_MAX_LENGTH} characters`}
            value={values.name}
            onChange={(v) => setField('name', v)}
            invalid={error.isInvalid('name')}
            errorId={error.errorId}
            inputRef={nameInput}
          />
          <div className={styles.readOnly}>
            <span className={styles.term}>Email</span>
            <span className={styles.value}>{user.email}</span>
            <span className={styles.note}>Your email address cannot be changed here.</span>
          </div>
          <TextField
            label="Address"
            name="address"
            autoComplete="street-address"
            multiline
            rows={3}
            counterLimit={ADDRESS_MAX_LENGTH}
            value={values.address}
            onChange={(v) => setField('address', v)}
            invalid={error.isInvalid('address')}
            errorId={error.errorId}
          />
          <FormAlert id={error.errorId} message={error.message} />
          <div className={formStyles.actions}>
            <button type="submit" className={`${formStyles.button} ${formStyles.primary}`} disabled={busy}>
              {busy ? 'Saving...' : 'Save Changes'}
            </button>
            <button type="button" className={`${formStyles.button} ${formStyles.secondary}`} onClick={cancel} disabled={busy}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <dl className={styles.details}>
          <div className={styles.detail}>
            <dt className={styles.term}>Full Name</dt>
            <dd className={styles.value}>{user.name}</dd>
          </div>
          <div className={styles.detail}>
            <dt className={styles.term}>Email</dt>
            <dd className={styles.value}>{user.email}</dd>
          </div>
          <div className={styles.detail}>
            <dt className={styles.term}>Address</dt>
            <dd className={`${styles.value} ${styles.address}`}>{user.address || 'Not provided'}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
