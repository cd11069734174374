/**
 * @jest-environment jsdom
 */
import './setup';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { StarRatingInput } from '../../src/ui';

function Controlled({ initial = null, onChange = jest.fn() }: { initial?: number | null; onChange?: (v: number | null) => void }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <StarRatingInput
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

describe('StarRatingInput', () => {
  it('is a group named "Your rating" of five radios named "1 star" to "5 stars"', () => {
    render(<StarRatingInput value={null} onChange={jest.fn()} />);
    expect(screen.getByRole('group', { name: 'Your rating' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('radio', { name: '1 star' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeInTheDocument();
    expect(screen.getByText('No rating chosen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear star selection' })).not.toBeInTheDocument();
  });

  it('takes another legend', () => {
    render(<StarRatingInput value={null} onChange={jest.fn()} legend="Rate this store" />);
    expect(screen.getByRole('group', { name: 'Rate this store' })).toBeInTheDocument();
  });

  it('checks the chosen value and shows it with its label', () => {
    render(<StarRatingInput value={4} onChange={jest.fn()} />);
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(screen.getByText('4/5 · Good')).toBeInTheDocument();
  });

  it('reports a click on a star, arrow keys, and Clear', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Controlled onChange={onChange} />);
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
    expect(screen.getByRole('radio', { name: '3 stars' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith(4);
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Clear star selection' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
  });

  it('lights the stars up to the one under the pointer, and back to the value when it leaves', async () => {
    const user = userEvent.setup();
    const { container } = render(<StarRatingInput value={2} onChange={jest.fn()} />);
    const lit = () => container.querySelectorAll('.glyph.on').length;
    expect(lit()).toBe(2);
    await user.hover(screen.getByRole('radio', { name: '5 stars' }).closest('label')!);
    expect(lit()).toBe(5);
    await user.unhover(container.querySelector('.stars')!);
    expect(lit()).toBe(2);
  });

  it('disables every radio when disabled', () => {
    render(<StarRatingInput value={1} onChange={jest.fn()} disabled />);
    screen.getAllByRole('radio').forEach((radio) => expect(radio).toBeDisabled());
  });

  test("is described by the form's error while the choice is what it is about", () => {
    const { rerender } = render(
      <>
        <StarRatingInput value={null} onChange={() => undefined} invalid errorId="rating-error" />
        <p id="rating-error">Please select a rating</p>
      </>,
    );
    expect(screen.getByRole('group', { name: 'Your rating' })).toHaveAccessibleDescription('Please select a rating');
    rerender(<StarRatingInput value={4} onChange={() => undefined} errorId="rating-error" />);
    expect(screen.getByRole('group', { name: 'Your rating' })).not.toHaveAttribute('aria-describedby');
  });
});
