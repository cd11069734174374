/**
 * @jest-environment jsdom
 */
import './setup';
import { render, screen } from '@testing-library/react';
import { AverageBadge, Spinner, Stars } from '../../src/ui';

describe('Stars', () => {
  it('is one image named after its value by default', () => {
    render(<Stars value={4.26} />);
    const stars = screen.getByRole('img', { name: '4.3 out of 5 stars' });
    expect(stars.style.getPropertyValue('--stars-fill')).toBe(`${(4.26 / 5) * 100}%`);
    expect(stars).toHaveClass('stars', 'md');
  });

  it('takes its accessible name and size from props', () => {
    render(<Stars value={3} label="Your rating: 3 stars out of 5" size="lg" />);
    expect(screen.getByRole('img', { name: 'Your rating: 3 stars out of 5' })).toHaveClass('lg');
  });

  it.each([
    [-2, '0.0', '0%'],
    [9, '5.0', '100%'],
    [Number.NaN, '0.0', '0%'],
  ])('clamps %p into 0..5', (value, shown, fill) => {
    render(<Stars value={value} />);
    const stars = screen.getByRole('img', { name: `${shown} out of 5 stars` });
    expect(stars.style.getPropertyValue('--stars-fill')).toBe(fill);
  });
});

describe('AverageBadge', () => {
  it.each([
    [4.5, '4.5', 'excellent'],
    [3.5, '3.5', 'good'],
    [2.5, '2.5', 'average'],
    // The band of the number shown (issue 16): 2.49 shows as 2.5, so it is 'average' like every other 2.5.
    [2.49, '2.5', 'average'],
    [2.44, '2.4', 'low'],
    [0, '0.0', 'low'],
  ])('shows %p as %p in the %p band', (average, text, band) => {
    render(<AverageBadge average={average} />);
    const badge = screen.getByText(text);
    expect(badge).toHaveAttribute('data-band', band);
    expect(badge).toHaveClass('badge', band, 'md');
  });

  it('has a large size', () => {
    render(<AverageBadge average={4} size="lg" />);
    expect(screen.getByText('4.0')).toHaveClass('lg');
  });
});

describe('Spinner', () => {
  it('announces its label as a status', () => {
    render(<Spinner label="Loading stores…" />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading stores…');
    expect(status).toHaveClass('wrapper');
    expect(status).not.toHaveClass('sm');
    expect(status).not.toHaveClass('compact');
  });

  it('has a small and a compact style', () => {
    render(<Spinner label="Loading user details…" size="sm" compact />);
    expect(screen.getByRole('status')).toHaveClass('wrapper', 'sm', 'compact');
  });
});
