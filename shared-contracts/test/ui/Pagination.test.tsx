/**
 * @jest-environment jsdom
 */
import './setup';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination, pageItems } from '../../src/ui';

describe('pageItems', () => {
  it('lists every page when there are seven or fewer', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the first, the last and the neighbours of the current page, with gaps between', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap-after', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap-before', 9, 10, 11, 'gap-after', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap-before', 16, 17, 18, 19, 20]);
  });
});

describe('Pagination', () => {
  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} totalPages={1} onPage={jest.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('is a navigation landmark named "Pagination" by default, or by its label', () => {
    const { rerender } = render(<Pagination page={1} totalPages={3} onPage={jest.fn()} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    rerender(<Pagination page={1} totalPages={3} onPage={jest.fn()} label="Users pages" />);
    expect(screen.getByRole('navigation', { name: 'Users pages' })).toBeInTheDocument();
  });

  it('marks the current page and disables Previous on the first page and Next on the last', () => {
    const { rerender } = render(<Pagination page={1} totalPages={3} onPage={jest.fn()} />);
    expect(screen.getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: '2' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('button', { name: /previous/i })).toBeDisabled();
    expect(screen.getByRole('button', { name: /next/i })).toBeEnabled();
    rerender(<Pagination page={3} totalPages={3} onPage={jest.fn()} />);
    expect(screen.getByRole('button', { name: /previous/i })).toBeEnabled();
    expect(screen.getByRole('button', { name: /next/i })).toBeDisabled();
  });

  it('asks for the page chosen, the previous and the next one, never the current one', async () => {
    const user = userEvent.setup();
    const onPage = jest.fn();
    render(<Pagination page={5} totalPages={20} onPage={onPage} />);
    await user.click(screen.getByRole('button', { name: '6' }));
    await user.click(screen.getByRole('button', { name: /previous/i }));
    await user.click(screen.getByRole('button', { name: /next/i }));
    await user.click(screen.getByRole('button', { name: '5' }));
    expect(onPage.mock.calls).toEqual([[6], [4], [6]]);
  });

  it('never offers a page beyond totalPages, even from a page past the end', async () => {
    const user = userEvent.setup();
    const onPage = jest.fn();
    const { rerender } = render(<Pagination page={84} totalPages={84} onPage={onPage} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['← Previous', '1', '80', '81', '82', '83', '84', 'Next →']);
    expect(screen.getByRole('button', { name: /next/i })).toBeDisabled();
    rerender(<Pagination page={90} totalPages={84} onPage={onPage} />);
    const numbers = screen.getAllByRole('button').flatMap((b) => (/^\d+$/.test(b.textContent ?? '') ? [Number(b.textContent)] : []));
    expect(Math.max(...numbers)).toBe(84);
    expect(screen.getByRole('button', { name: /next/i })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /previous/i }));
    expect(onPage.mock.calls).toEqual([[84]]);
  });

  it('names the page buttons with pageLabel when given', () => {
    render(<Pagination page={2} totalPages={3} onPage={jest.fn()} pageLabel={(n) => `Page ${n}`} />);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveTextContent('3');
  });

  it('hides the gaps from screen readers', () => {
    render(<Pagination page={10} totalPages={20} onPage={jest.fn()} />);
    const gaps = screen.getAllByText('…');
    expect(gaps).toHaveLength(2);
    gaps.forEach((gap) => expect(gap).toHaveAttribute('aria-hidden', 'true'));
  });

  it('adds the tight style only when asked', () => {
    const { rerender } = render(<Pagination page={1} totalPages={2} onPage={jest.fn()} />);
    expect(screen.getByRole('navigation')).not.toHaveClass('tight');
    rerender(<Pagination page={1} totalPages={2} onPage={jest.fn()} tight />);
    expect(screen.getByRole('navigation')).toHaveClass('nav', 'tight');
  });
});
