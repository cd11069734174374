/**
 * Add Store and Edit Store: name, address, city (proposed from the address until typed), phone, email,
 * category and the owner, picked from the
 * store owners (listUsers role=store_owner, limit 1000). Validation is adminStoreFormErrors (spec §5);
 * without any store owner the submit button is disabled and says why. The server's own message (400
 * owner is not a store owner, 409 ...) is shown when it refuses.
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import {
  ADDRESS_MAX_LENGTH,
  type AdminStore,
  adminStoreFormErrors,
  CITY_MAX_LENGTH,
  cityFromAddress,
  DEFAULT_STORE_CATEGORY,
  MESSAGES,
  STORE_CATEGORIES,
  STORE_NAME_MAX_LENGTH,
  STORE_NAME_MIN_LENGTH,
  type StoreCategory,
} from 'shared-contracts';
import { Link } from 'shared-contracts/react';
import { Button, FormAlert, formStyles, Modal, SelectField, TextArea, TextField, useFormError } from 'shared-contracts/ui';
import { showSaveFailure } from '../../common/api/refusal';
import { useSaveStore, useStoreOwnersQuery } from '../api/stores';
import styles from './StoreFormModal.module.css';

type StoreField = 'name' | 'address' | 'city' | 'phone' | 'email' | 'category' | 'owner_id';
type StoreValues = Record<StoreField, string>;

export interface StoreFormModalProps {
  mode: 'create' | 'edit';
  store?: AdminStore;
  onClose: () => void;
  onSaved: (store: AdminStore) => void;
}

export function StoreFormModal({ mode, store, onClose, onSaved }: StoreFormModalProps) {
  const owners = useStoreOwnersQuery();
  const save = useSaveStore();
  const noOwnersId = useId();
  const [values, setValues] = useState<StoreValues>({
    name: store?.name ?? '',
    address: store?.address ?? '',
    city: store?.city ?? '',
    phone: store?.phone ?? '',
    email: store?.email ?? '',
    category: store?.category ?? DEFAULT_STORE_CATEGORY,
    owner_id: store ? String(store.owner_id) : '',
  });
  const form = useFormError<StoreField>();
  const busy = save.isPending;
  // The city follows the address (cityFromAddress) until the admin types one of their own.
  const cityTyped = useRef(Boolean(store?.city));

  // The store's current owner stays selectable even if the owner list could not hold them.
  const ownerOptions: Array<{ id: number; name: string; email: string }> = (owners.data ?? []).map(({ id, name, email }) => ({
    id,
    name,
    email,
  }));
  if (store && owners.isSuccess && !ownerOptions.some((owner) => owner.id === store.owner_id)) {
    ownerOptions.unshift({ id: store.owner_id, name: store.owner_name, email: store.owner_email });
  }
  const noOwners = owners.isSuccess && ownerOptions.length === 0;
  const cannotSubmit = !owners.isSuccess || noOwners;

  const set = (field: StoreField) => (value: string) => {
    if (field === 'city') cityTyped.current = value.trim() !== '';
    setValues((current) => ({
      ...current,
      [field]: value,
      ...(field === 'address' && !cityTyped.current ? { city: cityFromAddress(value) } : {}),
    }));
    form.clear();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || cannotSubmit) return;
    const fields = {
      name: values.name.trim(),
      address: values.address.trim(),
      city: values.city.trim(),
      phone: values.phone.trim() || null,
      email: values.email.trim() || null,
      owner_id: values.owner_id,
    };
    if (form.showErrors(adminStoreFormErrors(fields))) return;
    const body = { ...fields, owner_id: Number(values.owner_id), category: values.category as StoreCategory };
    save.mutate(
      { storeId: store?.id, body },
      {
        onSuccess: (answer) => onSaved(answer.store),
        onError: (error) => showSaveFailure(form, error, MESSAGES.saveStoreFailed),
      },
    );
  };

  const field = (name: StoreField) => ({ name, invalid: form.isInvalid(name), errorId: form.errorId, onValueChange: set(name) });
  const title = mode === 'create' ? 'Add Store' : `Edit Store: ${store?.name ?? ''}`;
  return (
    <Modal title={title} onClose={onClose} busy={busy} size="wide">
      <form className={formStyles.form} onSubmit={submit} noValidate aria-label={mode === 'create' ? 'Add store' : 'Edit store'}>
        <FormAlert id={form.errorId} message={form.message} />
        <TextField
          label="Store name"
          {...field('name')}
          value={values.name}
          required
          autoComplete="off"
          hint={`${STORE_NAME_MIN_LENGTH}–${STORE_NAME_MAX_LENGTH} characters`}
        />
        <TextArea label="Address" {...field('address')} value={values.address} required rows={3} counterLimit={ADDRESS_MAX_LENGTH} />
        <TextField
          label="City"
          {...field('city')}
          value={values.city}
          required
          maxLength={CITY_MAX_LENGTH}
          autoComplete="off"
          hint="Filled in from the address; change it if it is wrong"
        />
        <div className={formStyles.row}>
          <TextField label="Phone" type="tel" {...field('phone')} value={values.phone} optional autoComplete="off" />
          <TextField label="Email" type="email" {...field('email')} value={values.email} optional autoComplete="off" />
        </div>
        <div className={formStyles.row}>
          <SelectField label="Category" {...field('category')} value={values.category}>
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
            required
            disabled={cannotSubmit}
            describedByIds={[noOwners && noOwnersId]}
          >
            <option value="">
              {owners.isPending
                ? 'Loading store owners…'
                : owners.isError
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
          <p id={noOwnersId} className={styles.note} role="status">
            {MESSAGES.noStoreOwners} <Link to="/admin/users">Go to User Management</Link>
          </p>
        )}
        {owners.isError && (
          <div className={styles.note} role="alert">
            The store owners could not be loaded.{' '}
            <Button size="sm" variant="secondary" busy={owners.isFetching} onClick={() => void owners.refetch()}>
              Try again
            </Button>
          </div>
        )}
        <div className={formStyles.actions}>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={cannotSubmit}
            busy={busy}
            busyLabel="Saving…"
            aria-describedby={noOwners ? noOwnersId : undefined}
          >
            {mode === 'create' ? 'Create Store' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
