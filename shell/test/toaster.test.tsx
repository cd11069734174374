// Toasts (spec §4): top-right, success 2000 ms, error 4000 ms, at most 20 on screen.
import { act, render, screen } from '@testing-library/react';
import toast, { useToasterStore } from 'react-hot-toast';
import { AppToaster, NAVBAR_CLEARANCE } from '../src/features/feedback/AppToaster';

/** The messages of the toasts the store still counts as visible (not yet dismissed). */
function VisibleToasts() {
  const { toasts } = useToasterStore();
  return (
    <ul aria-label="visible toasts">
      {toasts
        .filter((t) => t.visible)
        .map((t) => (
          <li key={t.id}>{String(t.message)}</li>
        ))}
    </ul>
  );
}

const visibleMessages = () =>
  Array.from(screen.getByRole('list', { name: 'visible toasts' }).querySelectorAll('li')).map((li) => li.textContent);

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

beforeEach(() => {
  jest.useFakeTimers();
  render(
    <>
      <AppToaster />
      <VisibleToasts />
    </>,
  );
});

afterEach(() => {
  act(() => toast.remove());
  jest.useRealTimers();
});

test('a success toast shows for 2000 ms, then leaves the screen', () => {
  act(() => void toast.success('Profile updated successfully!'));
  expect(screen.getByText('Profile updated successfully!', { selector: '[role="status"]' })).toBeInTheDocument();

  advance(1999);
  expect(visibleMessages()).toEqual(['Profile updated successfully!']);

  advance(1);
  expect(visibleMessages()).toEqual([]);

  // After the exit animation the toast is removed from the page.
  advance(1000);
  expect(screen.queryByText('Profile updated successfully!', { selector: '[role="status"]' })).not.toBeInTheDocument();
});

test('an error toast shows for 4000 ms, then leaves the screen', () => {
  act(() => void toast.error('Failed to fetch stores'));

  advance(3999);
  expect(visibleMessages()).toEqual(['Failed to fetch stores']);
  expect(screen.getByText('Failed to fetch stores', { selector: '[role="status"]' })).toBeInTheDocument();

  advance(1);
  expect(visibleMessages()).toEqual([]);

  advance(1000);
  expect(screen.queryByText('Failed to fetch stores', { selector: '[role="status"]' })).not.toBeInTheDocument();
});

test('toasts appear top-right', () => {
  act(() => void toast.success('Rating submitted successfully!'));
  const message = screen.getByText('Rating submitted successfully!', { selector: '[role="status"]' });
  // react-hot-toast places each toast in a wrapper positioned by the Toaster's `position`.
  const wrapper = message.closest('[style*="justify-content"]') as HTMLElement | null;
  expect(wrapper).not.toBeNull();
  expect(wrapper!.style.justifyContent).toBe('flex-end');
  expect(wrapper!.style.top).toBe('0px');
});

test('the toast column starts below the navbar, so toasts never cover its Logout or menu button', () => {
  act(() => void toast.success('Welcome back, Priya!'));
  const message = screen.getByText('Welcome back, Priya!', { selector: '[role="status"]' });
  let container = message.parentElement;
  while (container && container.style.position !== 'fixed') container = container.parentElement;
  expect(container).not.toBeNull();
  expect(container!.style.top).toBe(NAVBAR_CLEARANCE);
  expect(container!.style.right).toBe('16px');
});

test('no more than 20 toasts are on screen at once; the newest stay', () => {
  act(() => {
    for (let n = 1; n <= 25; n += 1) toast.success(`Toast number ${n}`);
  });

  const onScreen = screen.getAllByText(/^Toast number \d+$/, { selector: '[role="status"]' });
  expect(onScreen).toHaveLength(20);
  expect(visibleMessages()).toHaveLength(20);
  expect(screen.getByText('Toast number 25', { selector: '[role="status"]' })).toBeInTheDocument();
  expect(screen.queryByText('Toast number 5', { selector: '[role="status"]' })).not.toBeInTheDocument();
});

describe('an error gives way to the success that follows it (issue 16: no stale complaint beside the good news)', () => {
  test('a success dismisses the errors shown before it', () => {
    act(() => void toast.error('Address must not exceed 400 characters'));
    act(() => void toast.error('Failed to update profile'));
    advance(500);
    act(() => void toast.success('Profile updated successfully!'));
    expect(visibleMessages()).toEqual(['Profile updated successfully!']);
  });

  test('an error after a success stays, beside it', () => {
    act(() => void toast.success('Rating submitted successfully!'));
    advance(10);
    act(() => void toast.error('Failed to fetch stores'));
    expect(visibleMessages()).toEqual(['Failed to fetch stores', 'Rating submitted successfully!']);
  });
});
