/**
 * Add Store and Edit Store: name, address, phone, email, category and the owner, picked from the
 * store owners (listUsers role=store_owner, limit 1000). Validation is validateAdminStoreForm
 * (spec §5); without any store owner the submit button is disabled and says why. The server's own
 * message (400 owner is not a store owner, 409 ...) is shown when it refuses.
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import {
  ADDRESS_MAX_LENGTH,
  type AdminStore,
  DEFAULT_STORE_CATEGORY,
  errorMessage,
  MESSAGES,
  STORE_CATEGORIES,
  STORE_NAME_MAX_LENGTH,
  STORE_NAME_MIN_LENGTH,
  type StoreCategory,
  validateAdminStoreForm,
} from 'shared-contracts';
import { Link, useApi } from 'shared-contracts/react';
import { FormAlert } from 'shared-contracts/ui';
import { formStyles, SelectField, TextField } from '../../common/components/FormFields';
import { Modal } from '../../common/components/Modal';
import { blankFields, useFormError } from '../../common/hooks/useFormError';
import buttons from '../../common/styles/Buttons.module.css';
import { useStoreOwners } from '../hooks/useStoreOwners';

type StoreField = 'name' | 'address' | 'phone' | 'email' | 'category' | 'owner_id';
type StoreValues = Record<StoreField, string>;

function fieldsFor(message: string, values: StoreValues): StoreField[] {
  if (message === MESSAGES.fillRequiredFields) return blankFields(values, ['name', 'address', 'owner_id']);
  if (message === MESSAGES.storeNameLength) return ['name'];
  if (message === MESSAGES.addressMax) return ['address'];
  if (message === MESSAGES.invalidPhone) return ['phone'];
  if (message === MESSAGES.invalidEmail || message === MESSAGES.emailTooLong) return ['email'];
  if (message === MESSAGES.invalidCategory) return ['category'];
  if (message === MESSAGES.invalidOwner || message === MESSAGES.ownerMustBeStoreOwner) return ['owner_id'];
  return [];
}

export interface StoreFormModalProps {
  mode: 'create' | 'edit';
  store?: AdminStore;
  onClose: () => void;
  onSaved: (store: AdminStore) => void;
}

export function StoreFormModal({ mode, store, onClose, onSaved }: StoreFormModalProps) {
  const api = useApi();
  const owners = useStoreOwners();
  const noOwnersId = useId();
  const [values, setValues] = useState<StoreValues>({
    name: store?.name ?? '',
    address: store?.address ?? '',
    phone: store?.phone ?? '',
    email: store?.email ?? '',
    category: store?.category ?? DEFAULT_STORE_CATEGORY,
    owner_id: store ? String(store.owner_id) : '',
  });
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const error = useFormError<StoreField>('store-form-error');

  // The store's current owner stays selectable even if the owner list could not hold them.
  const ownerOptions: Array<{ id: number; name: string; email: string }> = owners.owners.map(({ id, name, email }) => ({ id, name, email }));
  if (store && owners.status === 'ready' && !ownerOptions.some((owner) => owner.id === store.owner_id)) {
    ownerOptions.unshift({ id: store.owner_id, name: store.owner_name, email: store.owner_email });
  }
  const noOwners = owners.status === 'ready' && ownerOptions.length === 0;
  const cannotSubmit = owners.status !== 'ready' || noOwners;

  const set = (field: StoreField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    error.clear();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current || cannotSubmit) return;
    const form = {
      name: values.name.trim(),
      address: values.address.trim(),
      phone: values.phone.trim() || null,
      email: values.email.trim() || null,
      owner_id: values.owner_id,
    };
    const message = validateAdminStoreForm(form);
    if (message) {
      error.show(message, fieldsFor(message, values));
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      const body = { ...form, owner_id: Number(values.owner_id), category: values.category as StoreCategory };
      const result = mode === 'create' ? await api.admin.createStore(body) : await api.admin.updateStore(store!.id, body);
      toast.success(mode === 'create' ? MESSAGES.storeCreated : MESSAGES.storeUpdated);
      busyRef.current = false;
      onSaved(result.store);
    } catch (err) {
      const text = errorMessage(err, MESSAGES.saveStoreFailed);
      error.show(text, fieldsFor(text, values));
      busyRef.current = false;
      setBusy(false);
    }
  };

  const field = (name: StoreField) => ({ name, invalid: error.isInvalid(name), errorId: error.errorId });
  const title = mode === 'create' ? 'Add Store' : `Edit Store: ${store?.name ?? ''}`;
  return (
    <Modal title={title} onClose={onClose} busy={busy} size="wide">
      <form className={formStyles.form} onSubmit={submit} noValidate aria-label={mode === 'create' ? 'Add store' : 'Edit store'}>
        <FormAlert id={error.errorId} message={error.message} />
        <TextField
          label="Store name"
          {...field('name')}
          value={values.name}
          onChange={set('name')}
          required
          hint={`${STORE_NAME_MIN_LENGTH}–${STORE_NAME_MAX_LENGTH} characters`}
        />
        <TextField label="Address" {...field('address')} value={values.address} onChange={set('address')} required multiline counterLimit={ADDRESS_MAX_LENGTH} />
        <div className={formStyles.row}>
          <TextField label="Phone" type="tel" {...field('phone')} value={values.phone} onChange={set('phone')} hint="Optional" />
          <TextField label="Email" type="email" {...field('email')} value={values.email} onChange={set('email')} hint="Optional" />
        </div>
        <div className={formStyles.row}>
          <SelectField label="Category" {...field('category')} value={values.category} onChange={set('category')}>
            {STORE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Store owner"
            {...field('owner_id')}
            value={values.owner_id}
            onChange={set('owner_id')}
            required
            disabled={owners.status !== 'ready' || noOwners}
            describedByIds={[noOwners && noOwnersId]}
          >
            <option value="">
              {owners.status === 'loading'
                ? 'Loading store owners…'
                : owners.status === 'error'
                  ? 'Store owners could not be loaded'
                  : noOwners
                    ? 'No store owners'
                    : 'Select a store owner'}
            </option>
            {ownerOptions.map((owner) => (
              <option key={owner.id} value={String(owner.id)}>
                {owner.name} ({owner.email})
              </option>
            ))}
          </SelectField>
        </div>
        {noOwners && (
          <p id={noOwnersId} className={formStyles.note} role="status">
            {MESSAGES.noStoreOwners} <Link to="/admin/users">Go to User Management</Link>
          </p>
        )}
        {owners.status === 'error' && (
          <div className={formStyles.note} role="alert">
            The store owners could not be loaded.{' '}
            <button type="button" className={`${buttons.button} ${buttons.secondary} ${buttons.small}`} onClick={owners.retry}>
              Try again
            </button>
          </div>
        )}
        <div className={formStyles.actions}>
          <button type="button" className={`${buttons.button} ${buttons.secondary}`} onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button
            type="submit"
            className={`${buttons.button} ${buttons.primary}`}
            disabled={cannotSubmit}
            aria-disabled={busy || undefined}
            aria-describedby={noOwners ? noOwnersId : undefined}
          >
            {busy ? 'Saving…' : mode === 'create' ? 'Create Store' : 'Save Changes'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
