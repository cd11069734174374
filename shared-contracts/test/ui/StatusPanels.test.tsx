/**
 * @jest-environment jsdom
 */
import './setup';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, EmptyState, ErrorState, Icon } from '../../src/ui';

describe('ErrorState', () => {
  it('announces its message (role=alert) and "Try again" calls onRetry', async () => {
    const onRetry = jest.fn();
    render(<ErrorState message="The stores could not be loaded." onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The stores could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('while retrying the button is busy and ignores clicks', async () => {
    const onRetry = jest.fn();
    render(<ErrorState message="Failed." onRetry={onRetry} retrying />);
    const button = screen.getByRole('button', { name: 'Try again' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onRetry).not.toHaveBeenCalled();
  });

  it('has no button without onRetry', () => {
    render(<ErrorState message="Failed." />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('Icon', () => {
  it('is hidden from screen readers unless it carries the meaning alone, when its label names it', () => {
    render(
      <p>
        <Icon name="store" /> Stores <Icon name="warning" label="Unhealthy" />
      </p>,
    );
    expect(document.querySelector('svg[data-icon="store"]')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('img', { name: 'Unhealthy' })).toHaveAttribute('data-icon', 'warning');
  });
});

describe('EmptyState', () => {
  it('shows its title, text and action, with a decorative icon hidden from screen readers', () => {
    render(
      <EmptyState
        icon="store"
        title="No stores found"
        text="Try another search."
        action={<Button variant="secondary">Clear search</Button>}
      />,
    );
    expect(screen.getByText('No stores found')).toBeInTheDocument();
    expect(screen.getByText('Try another search.')).toBeInTheDocument();
    expect(document.body.querySelector('svg[data-icon="store"]')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
