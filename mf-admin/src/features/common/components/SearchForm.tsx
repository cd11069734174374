/**
 * A labelled search box with a Search button; a new search is sent on submit (the page returns to 1).
 * A Clear button appears while a search is active.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { SEARCH_MAX_LENGTH } from 'shared-contracts';
import { Button, TextField } from 'shared-contracts/ui';
import styles from './Toolbar.module.css';

export interface SearchFormProps {
  label: string;
  placeholder: string;
  /** The search in effect (from the URL). */
  value: string;
  onSearch: (search: string) => void;
}

export function SearchForm({ label, placeholder, value, onSearch }: SearchFormProps) {
  const [draft, setDraft] = useState(value);
  // The URL wins when it changes under us (back button, a link).
  useEffect(() => setDraft(value), [value]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(draft.trim());
  };

  return (
    <form role="search" className={styles.search} onSubmit={submit} aria-label={label}>
      <TextField
        label={label}
        type="search"
        fieldClassName={styles.field}
        value={draft}
        placeholder={placeholder}
        maxLength={SEARCH_MAX_LENGTH}
        onValueChange={setDraft}
      />
      <Button type="submit">Search</Button>
      {value && (
        <Button
          variant="secondary"
          onClick={() => {
            setDraft('');
            onSearch('');
          }}
        >
          Clear search
        </Button>
      )}
    </form>
  );
}
