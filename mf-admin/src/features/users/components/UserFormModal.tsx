/**
 * Add User (name, email, address, password, role) and Edit User (name, email, address, role).
 * Validation is adminUserFormErrors (spec §5: 'Please fill in all required fields' first); the
 * server's own message (409 email taken, last admin, owner with stores) is shown when it refuses.
 * An admin cannot change their own role here (that would lock them out of this screen).
 */
import { type FormEvent, useState } from 'react';
import {
  ADDRESS_MAX_LENGTH,
  ADMIN_ROLE_OPTIONS,
  adminUserFormErrors,
  MESSAGES,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  type Role,
  type User,
} from 'shared-contracts';
import { Button, FormAlert, formStyles, Modal, PasswordField, SelectField, TextArea, TextField, useFormError } from 'shared-contracts/ui';
import { showSaveFailure } from '../../common/api/refusal';
import { CREATE_USER_FAILED, useSaveUser } from '../api/users';

type UserField = 'name' | 'email' | 'address' | 'password' | 'role';
type UserValues = Record<UserField, string>;

export interface UserFormModalProps {
  mode: 'create' | 'edit';
  /** The user being edited (edit mode). */
  user?: User;
  /** True when the user being edited is the signed-in admin. */
  isSelf?: boolean;
  onClose: () => void;
  onSaved: (user: User) => void;
}

export function UserFormModal({ mode, user, isSelf = false, onClose, onSaved }: UserFormModalProps) {
  const save = useSaveUser();
  const [values, setValues] = useState<UserValues>({
    name: user?.name ?? '',
    email: user?.email ?? '',
    address: user?.address ?? '',
    password: '',
    role: user?.role ?? 'normal_user',
  });
  const form = useFormError<UserField>();
  const busy = save.isPending;

  const set = (field: UserField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clear();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const fields = {
      name: values.name.trim(),
      email: values.email.trim(),
      address: values.address.trim(),
      role: isSelf && user ? user.role : values.role,
    };
    if (form.showErrors(adminUserFormErrors(mode === 'create' ? { ...fields, password: values.password } : fields, mode))) return;
    const body = { ...fields, role: fields.role as Role };
    save.mutate(mode === 'create' ? { body: { ...body, password: values.password } } : { userId: user!.id, body }, {
      onSuccess: (answer) => onSaved(answer.user),
      onError: (error) => showSaveFailure(form, error, mode === 'create' ? CREATE_USER_FAILED : MESSAGES.updateUserFailed),
    });
  };

  const field = (name: UserField) => ({ name, invalid: form.isInvalid(name), errorId: form.errorId, onValueChange: set(name) });
  const title = mode === 'create' ? 'Add User' : `Edit User: ${user?.name ?? ''}`;
  return (
    <Modal title={title} onClose={onClose} busy={busy}>
      <form className={formStyles.form} onSubmit={submit} noValidate aria-label={mode === 'create' ? 'Add user' : 'Edit user'}>
        <FormAlert id={form.errorId} message={form.message} />
        <TextField
          label="Name"
          {...field('name')}
          value={values.name}
          required
          autoComplete="off"
          hint={`${NAME_MIN_LENGTH}–${NAME_MAX_LENGTH} characters`}
        />
        <TextField label="Email" type="email" {...field('email')} value={values.email} required autoComplete="off" />
        <TextArea
          label="Address"
          {...field('address')}
          value={values.address}
          rows={3}
          autoComplete="off"
          counterLimit={ADDRESS_MAX_LENGTH}
        />
        {mode === 'create' && (
          <PasswordField
            label="Password"
            {...field('password')}
            value={values.password}
            required
            autoComplete="new-password"
            hint={`${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters, with an uppercase letter and one of ${PASSWORD_SPECIAL_CHARACTERS}`}
          />
        )}
        <SelectField
          label="Role"
          {...field('role')}
          value={isSelf && user ? user.role : values.role}
          required
          disabled={isSelf}
          hint={isSelf ? 'You cannot change your own role.' : undefined}
        >
          {ADMIN_ROLE_OPTIONS.map((option) => (
            <option key={option.role} value={option.role}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <div className={formStyles.actions}>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy} busyLabel="Saving…">
            {mode === 'create' ? 'Create User' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
