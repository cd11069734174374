/** Personal information: name, email and address in view mode; Edit switches to a form for name and address. */
import { useRef } from 'react';
import { ADDRESS_MAX_LENGTH, NAME_MAX_LENGTH, NAME_MIN_LENGTH, type User } from 'shared-contracts';
import { Button, Card, FormAlert, formStyles, TextArea, TextField } from 'shared-contracts/ui';
import { useProfileEditor } from '../hooks/useProfileEditor';
import { useReturnFocus } from '../hooks/useReturnFocus';
import styles from './ProfilePage.module.css';

export function ProfileDetails({ user }: { user: User }) {
  const { editing, values, setField, busy, error, startEditing, cancel, submit } = useProfileEditor(user);
  const editButton = useRef<HTMLButtonElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  useReturnFocus(editing, nameInput, editButton);

  return (
    <Card
      title="Personal Information"
      actions={
        !editing && (
          <Button ref={editButton} variant="secondary" onClick={startEditing}>
            Edit Profile
          </Button>
        )
      }
    >
      {editing ? (
        <form className={formStyles.form} onSubmit={submit} noValidate aria-label="Edit profile">
          <TextField
            ref={nameInput}
            label="Full Name"
            name="name"
            autoComplete="name"
            counterLimit={NAME_MAX_LENGTH}
            hint={`${NAME_MIN_LENGTH}-${NAME_MAX_LENGTH} characters`}
            required
            markRequired={false}
            value={values.name}
            onValueChange={(v) => setField('name', v)}
            invalid={error.isInvalid('name')}
            errorId={error.errorId}
          />
          <div className={styles.readOnly}>
            <span className={styles.term}>Email</span>
            <span className={styles.value}>{user.email}</span>
            <span className={styles.note}>Your email address cannot be changed here.</span>
          </div>
          <TextArea
            label="Address"
            name="address"
            autoComplete="street-address"
            rows={3}
            counterLimit={ADDRESS_MAX_LENGTH}
            required
            markRequired={false}
            value={values.address}
            onValueChange={(v) => setField('address', v)}
            invalid={error.isInvalid('address')}
            errorId={error.errorId}
          />
          <FormAlert id={error.errorId} message={error.message} />
          <div className={formStyles.actions}>
            <Button type="submit" busy={busy} busyLabel="Saving...">
              Save Changes
            </Button>
            <Button variant="secondary" onClick={cancel} disabled={busy}>
              Cancel
            </Button>
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
    </Card>
  );
}
