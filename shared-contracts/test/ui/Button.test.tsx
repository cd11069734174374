/**
 * @jest-environment jsdom
 */
import './setup';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { Button, buttonClassName } from '../../src/ui';

describe('Button', () => {
  it('is type="button" by default, so it never submits a form by accident', async () => {
    const onSubmit = jest.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button>Cancel</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Cancel' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits when told type="submit"', async () => {
    const onSubmit = jest.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit">Save</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('takes its variant and size as classes', () => {
    render(
      <Button variant="danger" size="sm">
        Delete
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveClass('button', 'danger', 'sm');
  });

  it('while busy: aria-busy, a spinner, the busy label, clicks ignored, still focusable', async () => {
    const onClick = jest.fn();
    render(
      <Button busy busyLabel="Deleting…" onClick={onClick}>
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Deleting…' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toBeEnabled();
    expect(button.querySelector('.spinner')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.tab();
    expect(button).toHaveFocus();
    await userEvent.click(button);
    await userEvent.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();
  });

  it('forwards its ref and native props', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} aria-describedby="note" data-testid="b">
        Go
      </Button>,
    );
    expect(ref.current).toBe(screen.getByRole('button', { name: 'Go' }));
    expect(ref.current).toHaveAttribute('aria-describedby', 'note');
  });
});

describe('buttonClassName', () => {
  test('dresses a link as the Button of the same variant and size (a link that reads as a button)', () => {
    render(
      <>
        <Button variant="secondary" size="sm">
          As a button
        </Button>
        <a href="/stores" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
          As a link
        </a>
      </>,
    );
    expect(screen.getByRole('link', { name: 'As a link' }).className).toBe(screen.getByRole('button', { name: 'As a button' }).className);
    expect(buttonClassName()).not.toBe(buttonClassName({ variant: 'secondary' }));
  });
});
