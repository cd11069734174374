/**
 * @jest-environment jsdom
 */
import './setup';
import { render, screen } from '@testing-library/react';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { LIST_WINDOW, MESSAGES } from '../../src';
import userEvent from '@testing-library/user-event';
import { formatCount, formatListTotal, isListWindowed, isListWindowError, ListWindowHint, ListWindowRefused } from '../../src/ui';

/** The number as the reader's locale writes it (the expectations below hold in any locale). */
const local = (n: number) => new Intl.NumberFormat(undefined).format(n);

function failed(status: number, message?: string): AxiosError {
  const response = {
    status,
    statusText: '',
    data: message === undefined ? {} : { message },
    headers: {},
    config: { headers: new AxiosHeaders() },
  } as AxiosResponse;
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', undefined, undefined, response);
}

describe('formatListTotal', () => {
  it('writes an exact total with the locale’s grouping', () => {
    expect(formatListTotal({ total: 100_000 })).toBe(local(100_000));
    expect(formatListTotal({ total: 7, totalCapped: false })).toBe('7');
    expect(formatCount(1234)).toBe(local(1234));
  });

  it('writes a capped count as the window and a plus: 1,000+', () => {
    expect(formatListTotal({ total: LIST_WINDOW, totalCapped: true })).toBe(`${local(1000)}+`);
  });
});

describe('isListWindowed', () => {
  it('is false for a normal list, including one whose last page is partly filled', () => {
    expect(isListWindowed({ total: 30, limit: 12, totalPages: 3 })).toBe(false);
    expect(isListWindowed({ total: 0, limit: 12, totalPages: 0 })).toBe(false);
    expect(isListWindowed({ total: 1000, limit: 12, totalPages: 84 })).toBe(false);
    // Page 84 starts at row 996 and reaches row 1,008: every row of 1,005 is on a page.
    expect(isListWindowed({ total: 1005, limit: 12, totalPages: 84 })).toBe(false);
    expect(isListWindowed(null)).toBe(false);
    expect(isListWindowed(undefined)).toBe(false);
  });

  it('is true when the count is capped, or when there are more rows than the pages hold', () => {
    expect(isListWindowed({ total: 1000, limit: 10, totalPages: 100, totalCapped: true })).toBe(true);
    expect(isListWindowed({ total: 100_000, limit: 12, totalPages: 84 })).toBe(true);
    expect(isListWindowed({ total: 1009, limit: 12, totalPages: 84 })).toBe(true);
  });
});

describe('isListWindowError', () => {
  it("recognises the API's 400 refusal of a page beyond the window, and nothing else", () => {
    expect(isListWindowError(failed(400, MESSAGES.listWindow))).toBe(true);
    expect(isListWindowError(failed(400, 'Page must be a positive whole number'))).toBe(false);
    expect(isListWindowError(failed(500, MESSAGES.listWindow))).toBe(false);
    expect(isListWindowError(failed(400))).toBe(false);
    expect(isListWindowError(new Error(MESSAGES.listWindow))).toBe(false);
  });
});

describe('ListWindowHint', () => {
  it('renders nothing for a normal list or none', () => {
    const { container, rerender } = render(<ListWindowHint list={{ total: 30, limit: 12, totalPages: 3 }} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<ListWindowHint list={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('is a note with the list-window message when the list is windowed, never taking focus', () => {
    render(<ListWindowHint list={{ total: 1000, limit: 12, totalPages: 84, totalCapped: true }} />);
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(MESSAGES.listWindow);
    expect(note).not.toHaveAttribute('tabindex');
    expect(note).not.toHaveAttribute('aria-live');
    expect(note).toHaveClass('hint');
    expect(note).not.toHaveClass('tight');
  });

  it('adds the tight style only when asked', () => {
    render(<ListWindowHint list={{ total: 100_000, limit: 10, totalPages: 100 }} tight />);
    expect(screen.getByRole('note')).toHaveClass('hint', 'tight');
  });
});

describe('ListWindowRefused', () => {
  test('says the list ends there, politely (a status, not an alert), and its one button opens page 1', async () => {
    const onFirstPage = jest.fn();
    render(<ListWindowRefused onFirstPage={onFirstPage} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(MESSAGES.listWindow);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to the first page' }));
    expect(onFirstPage).toHaveBeenCalledTimes(1);
  });
});
