import styles from './Form.module.css';

/** The form's message: announced at once (role=alert) and referenced by the fields it concerns. */
export function FormAlert({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={styles.alert}>
      {message}
    </p>
  );
}
