/**
 * @jest-environment jsdom
 */
import './setup';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { FormAlert, PasswordField, SelectField, TextArea, TextField, useFormError } from '../../src/ui';

describe('TextField', () => {
  it('is named by its label and described by its hint', () => {
    render(<TextField label="Email" hint="We never share it." />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('We never share it.');
  });

  it('with an error: aria-invalid, the message shown with role=alert and read as the description', () => {
    render(<TextField label="Name" hint="Your full name." error="Name must be at least 20 characters" />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Name must be at least 20 characters');
    expect(input).toHaveAccessibleDescription('Your full name. Name must be at least 20 characters');
  });

  it('without an error it is not marked invalid and shows no alert', () => {
    render(<TextField label="Name" />);
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('marked invalid by the form’s message (invalid + errorId) is described by that message', () => {
    render(
      <>
        <FormAlert id="form-error" message="All fields are required" />
        <TextField label="Name" invalid errorId="form-error" />
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('All fields are required');
  });

  it('forwards its ref and native props, and reports the value', async () => {
    const ref = createRef<HTMLInputElement>();
    const onValueChange = jest.fn();
    render(<TextField ref={ref} label="Email" type="email" name="email" autoComplete="email" onValueChange={onValueChange} />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(ref.current).toBe(input);
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('name', 'email');
    await userEvent.type(input, 'a@b');
    expect(onValueChange).toHaveBeenLastCalledWith('a@b');
  });

  it('marks a required field with a hidden asterisk, and the control is required', () => {
    render(<TextField label="Name" required />);
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeRequired();
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('TextArea', () => {
  function Comment() {
    const [value, setValue] = useState('');
    return <TextArea label="Comment" maxLength={10} value={value} onValueChange={setValue} />;
  }

  it('with maxLength counts the characters used, as part of its description', async () => {
    render(<Comment />);
    const textarea = screen.getByRole('textbox', { name: 'Comment' });
    expect(textarea).toHaveAccessibleDescription('0 / 10 characters');
    await userEvent.type(textarea, 'Nice');
    expect(screen.getByText('4 / 10 characters')).toBeInTheDocument();
  });

  it('flags the counter once the limit is reached', async () => {
    render(<Comment />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Comment' }), 'abcdefghijkl');
    expect(screen.getByText('10 / 10 characters')).toHaveClass('counterOver');
  });

  it('counts an uncontrolled value too', async () => {
    render(<TextArea label="Note" maxLength={50} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'abc');
    expect(screen.getByText('3 / 50 characters')).toBeInTheDocument();
  });

  it('has no counter without a limit', () => {
    render(<TextArea label="Note" />);
    expect(screen.queryByText(/characters/)).not.toBeInTheDocument();
  });
});

describe('PasswordField', () => {
  it('toggles between hidden and shown; the toggle keeps its name and says its state with aria-pressed', async () => {
    render(<PasswordField label="Password" autoComplete="current-password" />);
    const input = screen.getByLabelText('Password', { selector: 'input' });
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(input).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveAttribute('aria-controls', input.id);

    await userEvent.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(toggle);
    expect(input).toHaveAttribute('type', 'password');
  });

  it('passes autoComplete and shows its error', () => {
    render(<PasswordField label="New password" autoComplete="new-password" error="Password must be 8-16 characters" />);
    const input = screen.getByLabelText('New password', { selector: 'input' });
    expect(input).toHaveAttribute('autocomplete', 'new-password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Password must be 8-16 characters');
  });
});

describe('SelectField', () => {
  it('is a labelled combobox of its options, reporting the chosen value', async () => {
    const onValueChange = jest.fn();
    render(
      <SelectField label="Role" defaultValue="normal_user" onValueChange={onValueChange} error="Choose a role">
        <option value="normal_user">Normal user</option>
        <option value="store_owner">Store owner</option>
      </SelectField>,
    );
    const select = screen.getByRole('combobox', { name: 'Role' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Choose a role');
    await userEvent.selectOptions(select, 'Store owner');
    expect(onValueChange).toHaveBeenCalledWith('store_owner');
  });
});

describe('useFormError', () => {
  type F = 'name' | 'email' | 'password';

  it('shows the first of a validator’s errors and marks every field with that same message', () => {
    const { result } = renderHook(() => useFormError<F>());
    let had = false;
    act(() => {
      had = result.current.showErrors([
        { field: 'name', message: 'All fields are required' },
        { field: 'email', message: 'Invalid email' },
        { field: 'password', message: 'All fields are required' },
      ]);
    });
    expect(had).toBe(true);
    expect(result.current.message).toBe('All fields are required');
    expect(result.current.invalidFields).toEqual(['name', 'password']);
    expect(result.current.isInvalid('email')).toBe(false);
    expect(result.current.fieldError('email')).toBe('Invalid email');
  });

  it('clears the message when the validator finds nothing', () => {
    const { result } = renderHook(() => useFormError<F>());
    act(() => void result.current.show('Invalid email', ['email']));
    expect(result.current.isInvalid('email')).toBe(true);
    let had = true;
    act(() => {
      had = result.current.showErrors([]);
    });
    expect(had).toBe(false);
    expect(result.current.message).toBeNull();
    expect(result.current.isInvalid('email')).toBe(false);
  });

  it('wires the form’s alert to the fields it concerns', () => {
    function Form() {
      const error = useFormError<F>();
      return (
        <form noValidate>
          <FormAlert id={error.errorId} message={error.message} />
          <TextField label="Name" invalid={error.isInvalid('name')} errorId={error.errorId} />
          <TextField label="Email" invalid={error.isInvalid('email')} errorId={error.errorId} />
          <button type="button" onClick={() => error.showErrors([{ field: 'email', message: 'Invalid email' }])}>
            Check
          </button>
        </form>
      );
    }
    render(<Form />);
    act(() => screen.getByRole('button', { name: 'Check' }).click());
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Invalid email');
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
  });
});
