/**
 * @jest-environment jsdom
 */
import './setup';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog, Modal, useConfirm } from '../../src/ui';

function Opener({ busy = false }: { busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit user
      </button>
      {open && (
        <Modal title="Edit user" onClose={() => setOpen(false)} busy={busy}>
          <label>
            Name <input />
          </label>
          <button type="button">Save</button>
        </Modal>
      )}
    </>
  );
}

describe('Modal', () => {
  it('is a modal dialog named by its title, with focus on its first control', async () => {
    render(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit user' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit user' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('Escape closes it and focus returns to the opener', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Edit user' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('the close button closes it', async () => {
    render(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit user' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('traps focus: Tab from the last control goes to the first, Shift+Tab from the first to the last', async () => {
    render(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit user' }));
    const close = screen.getByRole('button', { name: 'Close dialog' });
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(save).toHaveFocus();
  });

  it('locks the page’s scroll while open and restores it after', async () => {
    render(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit user' }));
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('');
  });

  it('does not close while busy', async () => {
    render(<Opener busy />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit user' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Edit user' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Close dialog' })).toBeDisabled();
  });
});

describe('Modal over a modal', () => {
  function Details() {
    const [asking, setAsking] = useState(false);
    return (
      <Modal title="User details" onClose={jest.fn()}>
        <button type="button" onClick={() => setAsking(true)}>
          Delete
        </button>
        {asking && <ConfirmDialog title="Delete user" message="Sure?" onConfirm={jest.fn()} onCancel={() => setAsking(false)} />}
      </Modal>
    );
  }

  it('Escape closes only the top dialog, and focus returns into the one below', async () => {
    render(<Details />);
    const deleteButton = screen.getByRole('button', { name: 'Delete' });
    await userEvent.click(deleteButton);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'User details' })).toBeInTheDocument();
    expect(deleteButton).toHaveFocus();
  });
});

describe('ConfirmDialog', () => {
  const props = { title: 'Delete user', message: 'Are you sure you want to delete this user?', confirmLabel: 'Delete user' };

  it('is an alertdialog described by its question, with Cancel focused first', () => {
    render(<ConfirmDialog {...props} onConfirm={jest.fn()} onCancel={jest.fn()} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete user' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this user?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Delete user' })).toHaveClass('danger');
  });

  it('calls onConfirm from the confirming button and onCancel from Escape', async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(<ConfirmDialog {...props} onConfirm={onConfirm} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete user' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('while busy, the confirming button shows its busy label and ignores clicks, and Escape does nothing', async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(<ConfirmDialog {...props} busy busyLabel="Deleting…" onConfirm={onConfirm} onCancel={onCancel} />);
    const button = screen.getByRole('button', { name: 'Deleting…' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await userEvent.keyboard('{Escape}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });
});

describe('useConfirm', () => {
  function DeleteRating({ onAnswer }: { onAnswer: (ok: boolean) => void }) {
    const { confirm, dialog } = useConfirm();
    return (
      <>
        <button
          type="button"
          onClick={async () => onAnswer(await confirm({ title: 'Delete rating', message: 'Delete your rating?', confirmLabel: 'Delete' }))}
        >
          Delete Rating
        </button>
        {dialog}
      </>
    );
  }

  it('resolves true when confirmed, and focus returns to the button that asked', async () => {
    const onAnswer = jest.fn();
    render(<DeleteRating onAnswer={onAnswer} />);
    const opener = screen.getByRole('button', { name: 'Delete Rating' });
    await userEvent.click(opener);
    expect(screen.getByRole('alertdialog', { name: 'Delete rating' })).toHaveAccessibleDescription('Delete your rating?');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(true));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('resolves false when cancelled', async () => {
    const onAnswer = jest.fn();
    render(<DeleteRating onAnswer={onAnswer} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Rating' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(false));
  });

  it('resolves false when its component goes away with the question open', async () => {
    const onAnswer = jest.fn();
    const { unmount } = render(<DeleteRating onAnswer={onAnswer} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Rating' }));
    unmount();
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(false));
  });
});
