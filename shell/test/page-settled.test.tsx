// The bell's first wait (issue 18): it asks for the unread count only FIRST_ASK_AFTER_LOAD_MS after the
// page has loaded, so a cold visit's own code and data come first.
import { act, renderHook } from '@testing-library/react';
import { FIRST_ASK_AFTER_LOAD_MS, usePageSettled } from '../src/features/notifications/api/page-settled';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('on a page already loaded, settled only after the wait', () => {
  const { result } = renderHook(() => usePageSettled());
  act(() => jest.advanceTimersByTime(FIRST_ASK_AFTER_LOAD_MS - 1));
  expect(result.current).toBe(false);
  act(() => jest.advanceTimersByTime(1));
  expect(result.current).toBe(true);
});

test('on a page still loading, the wait starts at its load event', () => {
  const readyState = jest.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
  const { result } = renderHook(() => usePageSettled());
  act(() => jest.advanceTimersByTime(FIRST_ASK_AFTER_LOAD_MS * 3));
  expect(result.current).toBe(false);
  readyState.mockRestore();
  act(() => {
    window.dispatchEvent(new Event('load'));
  });
  act(() => jest.advanceTimersByTime(FIRST_ASK_AFTER_LOAD_MS));
  expect(result.current).toBe(true);
});
