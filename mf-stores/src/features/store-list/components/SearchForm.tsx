import { type FormEvent, useEffect, useId, useState } from 'react';
import { SEARCH_MAX_LENGTH } from 'shared-contracts';
import styles from './SearchForm.module.css';

/** The search box and its Search button; a search always starts again from page 1. */
export function SearchForm({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const [draft, setDraft] = useState(value);
  const inputId = useId();
  // The URL may change under us (back button, chips clearing it): show what is really searched.
  useEffect(() => setDraft(value), [value]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };

  return (
    <form role="search" className={styles.form} onSubmit={submit}>
      <label htmlFor={inputId} className={styles.label}>
        Search stores
      </label>
      <div className={styles.row}>
        <input
          id={inputId}
          className={styles.input}
          type="search"
          name="search"
          value={draft}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="Name or address"
          autoComplete="off"
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className={styles.button}>
          Search
        </button>
      </div>
    </form>
  );
}
