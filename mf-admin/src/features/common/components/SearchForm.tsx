/**
 * A labelled search box with a Search button; a new search is sent on submit (the page returns to 1).
 * A Clear button appears while a search is active.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { SEARCH_MAX_LENGTH } from 'shared-contracts';
import buttons from '../styles/Buttons.module.css';
import styles from './Toolbar.module.css';

export interface SearchFormProps {
  label: string;
  placeholder: string;
  /** The search in effect (from the URL). */
  value: string;
  onSearch: (search: string) => void;
}

export function SearchForm({ label, placeholder, value, onSearch }: SearchFormProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  // The URL wins when it changes under us (back button, a link).
  useEffect(() => setDraft(value), [value]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(draft.trim());
  };

  return (
    <form role="search" className={styles.search} onSubmit={submit} aria-label={label}>
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        <input
          id={id}
          type="search"
          className={styles.input}
          value={draft}
          placeholder={placeholder}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(e) => setDraft(e.target.value)}
        />
      </div>
      <button type="submit" className={`${buttons.button} ${buttons.primary}`}>
        Search
      </button>
      {value && (
        <button
          type="button"
          className={`${buttons.button} ${buttons.secondary}`}
          onClick={() => {
            setDraft('');
            onSearch('');
          }}
        >
          Clear search
        </button>
      )}
    </form>
  );
}
