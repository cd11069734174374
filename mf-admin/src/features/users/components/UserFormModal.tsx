/**
 * Add User (name, email, address, password, role) and Edit User (name, email, address, role).
 * Validation is validateAdminUserForm (spec §5: 'Please fill in all required fields' first); the
 * server's own message (409 email taken, last admin, owner with stores) is shown when it refuses.
 * An admin cannot change their own role here (that would lock them out of this screen).
 */
import { type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import {
  ADDRESS_MAX_LENGTH,
  ADMIN_ROLE_OPTIONS,
  errorMessage,
  MESSAGES,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  type Role,
  type User,
  validateAdminUserForm,
} from 'shared-contracts';
import { useApi } from 'shared-contracts/react';
import { FormAlert } from 'shared-contracts/ui';
import { formStyles, PasswordField, SelectField, TextField } from '../../common/components/FormFields';
import { Modal } from '../../common/components/Modal';
import { blankFields, useFormError } from '../../common/hooks/useFormError';
import buttons from '../../common/styles/Buttons.module.css';

/** Spec §8 names no failure toast for creating a user; this is its fallback when the server gives none. */
export const CREATE_USER_FAILED = 'Failed to create user';

type UserField = 'name' | 'email' | 'address' | 'password' | 'role';
type UserValues = Record<UserField, string>;

function fieldsFor(message: string, values: UserValues, mode: 'create' | 'edit'): UserField[] {
  if (message === MESSAGES.fillRequiredFields) {
    return blankFields(values, mode === 'create' ? ['name', 'email', 'password', 'role'] : ['name', 'email', 'role']);
  }
  if (message === MESSAGES.nameLength) return ['name'];
  if (message === MESSAGES.invalidEmail || message === MESSAGES.emailTooLong || message === MESSAGES.emailTaken) return ['email'];
  if (message === MESSAGES.addressMax) return ['address'];
  if (message === MESSAGES.passwordRequirements) return ['password'];
  if (message === MESSAGES.invalidRole || message === MESSAGES.lastAdmin || message === MESSAGES.userOwnsStores) return ['role'];
  return [];
}

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
  const api = useApi();
  const [values, setValues] = useState<UserValues>({
    name: user?.name ?? '',
    email: user?.email ?? '',
    address: user?.address ?? '',
    password: '',
    role: user?.role ?? 'normal_user',
  });
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const error = useFormError<UserField>('user-form-error');

  const set = (field: UserField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    error.clear();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current) return;
    const form = {
      name: values.name.trim(),
      email: values.email.trim(),
      address: values.address.trim(),
      role: isSelf && user ? user.role : values.role,
      ...(mode === 'create' ? { password: values.password } : {}),
    };
    const message = validateAdminUserForm(form, mode);
    if (message) {
      error.show(message, fieldsFor(message, values, mode));
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      const role = form.role as Role;
      const result =
        mode === 'create'
          ? await api.admin.createUser({ name: form.name, email: form.email, address: form.address, password: values.password, role })
          : await api.admin.updateUser(user!.id, { name: form.name, email: form.email, address: form.address, role });
      toast.success(mode === 'create' ? MESSAGES.userCreated : MESSAGES.userUpdated);
      busyRef.current = false;
      onSaved(result.user);
    } catch (err) {
      const text = errorMessage(err, mode === 'create' ? CREATE_USER_FAILED : MESSAGES.updateUserFailed);
      error.show(text, fieldsFor(text, values, mode));
      busyRef.current = false;
      setBusy(false);
    }
  };

  const field = (name: UserField) => ({ name, invalid: error.isInvalid(name), errorId: error.errorId });
  const title = mode === 'create' ? 'Add User' : `Edit User: ${user?.name ?? ''}`;
  return (
    <Modal title={title} onClose={onClose} busy={busy}>
      <form className={formStyles.form} onSubmit={submit} noValidate aria-label={mode === 'create' ? 'Add user' : 'Edit user'}>
        <FormAlert id={error.errorId} message={error.message} />
        <TextField
          label="Name"
          {...field('name')}
          value={values.name}
          onChange={set('name')}
          required
          autoComplete="off"
          hint={`${NAME_MIN_LENGTH}–${NAME_MAX_LENGTH} characters`}
        />
        <TextField label="Email" type="email" {...field('email')} value={values.email} onChange={set('email')} required autoComplete="off" />
        <TextField label="Address" {...field('address')} value={values.address} onChange={set('address')} multiline counterLimit={ADDRESS_MAX_LENGTH} />
        {mode === 'create' && (
          <PasswordField
            label="Password"
            {...field('password')}
            value={values.password}
            onChange={set('password')}
            required
            hint={`${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters, with an uppercase letter and one of ${PASSWORD_SPECIAL_CHARACTERS}`}
          />
        )}
        <SelectField
          label="Role"
          {...field('role')}
          value={isSelf && user ? user.role : values.role}
          onChange={set('role')}
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
          <button type="button" className={`${buttons.button} ${buttons.secondary}`} onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={`${buttons.button} ${buttons.primary}`} aria-disabled={busy || undefined}>
            {busy ? 'Saving…' : mode === 'create' ? 'Create User' : 'Save Changes'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
