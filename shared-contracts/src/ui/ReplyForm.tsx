/**
 * A store owner's reply form: the reply (at most 500 characters, with a counter), 'Please write a reply'
 * when it is blank, and Post reply (Update reply when editing) and Cancel. The store page and the owner's
 * dashboard both use it, so both keep the same rules and messages as the API.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { REPLY_MAX_LENGTH, replyFormErrors } from 'shared-contracts';
import { Button } from './Button';
import { TextArea } from './Fields';
import { FormAlert } from './FormAlert';
import styles from './ReplyForm.module.css';
import { useFormError } from './useFormError';

export interface ReplyFormProps {
  /** The reply's text so far ('' for a new one). */
  initial: string;
  editing: boolean;
  /** Called with the reply trimmed, once it is valid. */
  onSubmit: (reply: string) => void;
  onCancel: () => void;
  saving: boolean;
  /** Whom the reply answers, for the field's label: 'Your reply to Asha Rao'. */
  to?: string;
}

export function ReplyForm({ initial, editing, onSubmit, onCancel, saving, to }: ReplyFormProps) {
  const [reply, setReply] = useState(initial);
  const form = useFormError<'reply'>();
  const field = useRef<HTMLTextAreaElement>(null);
  // The form opens on a request to write: the reply field takes focus.
  useEffect(() => field.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || form.showErrors(replyFormErrors({ reply }))) return;
    onSubmit(reply.trim());
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={saving}>
      <TextArea
        label={to ? `Your reply to ${to}` : 'Your reply'}
        maxLength={REPLY_MAX_LENGTH}
        rows={3}
        value={reply}
        onValueChange={(value) => {
          setReply(value.slice(0, REPLY_MAX_LENGTH));
          form.clear();
        }}
        ref={field}
        hint="Shown under the rating, signed with your store's name."
        invalid={form.isInvalid('reply')}
        errorId={form.errorId}
        disabled={saving}
      />
      <FormAlert id={form.errorId} message={form.message} />
      <div className={styles.actions}>
        <Button type="submit" size="sm" busy={saving}>
          {editing ? 'Update reply' : 'Post reply'}
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
