/**
 * @jest-environment jsdom
 */
import './setup';
import { render, screen, within } from '@testing-library/react';
import { RatingDistribution } from '../../src/ui';

const bars = (name = 'Ratings by stars') => within(screen.getByRole('list', { name })).getAllByRole('listitem');
const widths = (name?: string) => bars(name).map((li) => (li.querySelector('.bar') as HTMLElement).style.getPropertyValue('--bar-width'));

describe('RatingDistribution', () => {
  it('lists 5 stars down to 1, giving screen readers each bar as text', () => {
    render(<RatingDistribution distribution={{ '1': 0, '2': 1, '3': 1, '4': 0, '5': 3 }} total={5} />);
    expect(bars().map((li) => li.textContent)).toEqual([
      expect.stringContaining('5 stars: 3 ratings'),
      expect.stringContaining('4 stars: 0 ratings'),
      expect.stringContaining('3 stars: 1 rating'),
      expect.stringContaining('2 stars: 1 rating'),
      expect.stringContaining('1 star: 0 ratings'),
    ]);
    expect(screen.getByText('5 stars: 3 ratings')).toHaveClass('srOnly');
    expect(widths()).toEqual(['60%', '0%', '20%', '20%', '0%']);
  });

  it('adds each share, rounded, when asked to', () => {
    render(<RatingDistribution distribution={{ '1': 1, '2': 0, '3': 0, '4': 1, '5': 1 }} total={3} showShare />);
    expect(screen.getByText('5 stars: 1 rating (33%)')).toBeInTheDocument();
    expect(screen.getByText('2 stars: 0 ratings (0%)')).toBeInTheDocument();
    expect(widths()[0]).toBe(`${(1 / 3) * 100}%`);
  });

  it('takes the total from the counts when none is given', () => {
    render(<RatingDistribution distribution={{ '1': 1, '2': 0, '3': 0, '4': 3, '5': 0 }} />);
    expect(widths()).toEqual(['0%', '75%', '0%', '0%', '25%']);
  });

  it('draws empty bars when there are no ratings, and takes its accessible name from props', () => {
    render(
      <RatingDistribution distribution={{ '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }} total={0} showShare label="Harbour Books by stars" />,
    );
    expect(bars('Harbour Books by stars')).toHaveLength(5);
    expect(screen.getByText('5 stars: 0 ratings (0%)')).toBeInTheDocument();
    expect(widths('Harbour Books by stars')).toEqual(['0%', '0%', '0%', '0%', '0%']);
  });
});
