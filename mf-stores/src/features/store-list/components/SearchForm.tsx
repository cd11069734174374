import { type FormEvent, useEffect, useState } from 'react';
import { SEARCH_MAX_LENGTH } from 'shared-contracts';
import { Button, TextField } from 'shared-contracts/ui';
import styles from './SearchForm.module.css';

/** The search box and its Search button; a search always starts again from page 1. */
export function SearchForm({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const [draft, setDraft] = useState(value);
  // The URL may change under us (back button, chips clearing it): show what is really searched.
  useEffect(() => setDraft(value), [value]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };

  return (
    <form role="search" className={styles.form} onSubmit={submit}>
      <TextField
        label="Search stores"
        fieldClassName={styles.field}
        type="search"
        name="search"
        value={draft}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="Name or address"
        autoComplete="off"
        onValueChange={setDraft}
      />
      <Button type="submit">Search</Button>
    </form>
  );
}
