/**
 * @jest-environment jsdom
 */
// The page's query cache (shared-contracts/react): one failure policy read from each request's meta,
// retries only of transient failures, and the invalidation a rating write makes across every area.
import '@testing-library/jest-dom';
import { render, screen, waitFor } from '@testing-library/react';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { Toaster } from 'react-hot-toast';
import { act } from 'react';
// From the modules themselves: the entry also re-exports the router, which jsdom cannot load without polyfills.
import {
  createQueryClient,
  describeFailure,
  isTransientFailure,
  QueryClientProvider,
  reportRequestFailure,
  useMutation,
  useQuery,
} from '../src/react/query';
import { invalidateAfterRatingChange, queryKeys } from '../src/react/query-keys';

const httpError = (status: number, data: unknown = {}) => {
  const config = {
    headers: new AxiosHeaders(),
    method: 'put',
    url: '/api/auth/password',
    data: JSON.stringify({ newPassword: 'Secret#Pass1' }),
  };
  const response = { status, statusText: String(status), data, headers: {}, config } as AxiosResponse;
  return new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, null, response);
};

const testClient = () => createQueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });

function Reader({
  id,
  load,
  failureToast,
  isExpected,
}: {
  id: string;
  load: () => Promise<string>;
  failureToast?: string;
  isExpected?: (e: unknown) => boolean;
}) {
  const query = useQuery({ queryKey: ['thing', id], queryFn: load, meta: { failureToast, isExpected } });
  return <p>{query.status === 'error' ? `${id}: failed` : (query.data ?? `${id}: loading`)}</p>;
}

// react-hot-toast's <Toaster/> asks for the reduced-motion preference; jsdom has no matchMedia.
window.matchMedia = (query: string) =>
  ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList;

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

test('a failed query toasts the message its meta names, once however many queries failed with it', async () => {
  const client = testClient();
  const load = () => Promise.reject(httpError(500));
  render(
    <QueryClientProvider client={client}>
      <Reader id="a" load={load} failureToast="Failed to fetch stores" />
      <Reader id="b" load={load} failureToast="Failed to fetch stores" />
      <Toaster />
    </QueryClientProvider>,
  );
  expect(await screen.findByText('a: failed')).toBeInTheDocument();
  expect(await screen.findByText('b: failed')).toBeInTheDocument();
  expect(await screen.findAllByText('Failed to fetch stores')).toHaveLength(1);
});

test('a failure the query expects (a 404 shown as "not found") is neither toasted nor logged', async () => {
  const client = testClient();
  render(
    <QueryClientProvider client={client}>
      <Reader
        id="gone"
        load={() => Promise.reject(httpError(404))}
        failureToast="Failed to fetch store details"
        isExpected={(e) => (e as AxiosError).response?.status === 404}
      />
      <Toaster />
    </QueryClientProvider>,
  );
  expect(await screen.findByText('gone: failed')).toBeInTheDocument();
  expect(screen.queryByText('Failed to fetch store details')).not.toBeInTheDocument();
  expect(console.error).not.toHaveBeenCalled();
});

test('a failed mutation toasts its meta message too', async () => {
  const client = testClient();
  let run: () => void = () => undefined;
  function Writer() {
    const mutation = useMutation({ mutationFn: () => Promise.reject(httpError(500)), meta: { failureToast: 'Failed to save' } });
    run = () => mutation.mutate();
    return null;
  }
  render(
    <QueryClientProvider client={client}>
      <Writer />
      <Toaster />
    </QueryClientProvider>,
  );
  act(() => run());
  expect(await screen.findByText('Failed to save')).toBeInTheDocument();
});

test('reads are tried a second time after a transient failure only (a failed connection, 502, 503, 504; never a timeout)', () => {
  expect(isTransientFailure(new Error('Network Error'))).toBe(true);
  expect(isTransientFailure(new AxiosError('Network Error', AxiosError.ERR_NETWORK))).toBe(true);
  expect(isTransientFailure(new AxiosError('timeout of 15000ms exceeded', AxiosError.ECONNABORTED))).toBe(false);
  expect(isTransientFailure(new AxiosError('timeout exceeded', AxiosError.ETIMEDOUT))).toBe(false);
  expect(isTransientFailure(httpError(503))).toBe(true);
  expect(isTransientFailure(httpError(504))).toBe(true);
  expect(isTransientFailure(httpError(500))).toBe(false);
  expect(isTransientFailure(httpError(404))).toBe(false);
  expect(isTransientFailure(httpError(400))).toBe(false);
});

test('a read that failed with 503 is asked again once, then shows its answer', async () => {
  const client = createQueryClient({ defaultOptions: { queries: { retryDelay: 0, gcTime: Infinity } } });
  const load = jest.fn<Promise<string>, []>().mockRejectedValueOnce(httpError(503)).mockResolvedValueOnce('second answer');
  render(
    <QueryClientProvider client={client}>
      <Reader id="c" load={load} />
    </QueryClientProvider>,
  );
  expect(await screen.findByText('second answer')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

test("a rating write makes every area's answers stale: stores, my ratings and dashboard, owner, admin", async () => {
  const client = testClient();
  const keys = [
    queryKeys.stores.list({ page: 1 }),
    queryKeys.stores.detail(42),
    queryKeys.stores.ratings(42, { page: 1 }),
    queryKeys.stores.myRating('42'),
    queryKeys.me.ratings({}),
    queryKeys.me.dashboard(),
    queryKeys.owner.dashboard({}),
    queryKeys.admin.dashboard(),
  ];
  for (const key of keys) client.setQueryData(key, 'cached');
  client.setQueryData(queryKeys.profile(), 'cached');

  await invalidateAfterRatingChange(client);

  for (const key of keys) expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  expect(client.getQueryState(queryKeys.profile())?.isInvalidated).toBe(false);
});

test("entries the write's answer has just filled are left current: not asked for again", async () => {
  const client = testClient();
  client.setQueryData(queryKeys.stores.detail(42), 'from the answer');
  client.setQueryData(queryKeys.stores.myRating(42), 'from the answer');
  client.setQueryData(queryKeys.stores.ratings(42), 'cached');
  client.setQueryData(queryKeys.me.ratings({}), 'cached');

  await invalidateAfterRatingChange(client, { answered: [queryKeys.stores.detail('42'), queryKeys.stores.myRating(42)] });

  expect(client.getQueryState(queryKeys.stores.detail(42))?.isInvalidated).toBe(false);
  expect(client.getQueryState(queryKeys.stores.myRating(42))?.isInvalidated).toBe(false);
  expect(client.getQueryState(queryKeys.stores.ratings(42))?.isInvalidated).toBe(true);
  expect(client.getQueryState(queryKeys.me.ratings({}))?.isInvalidated).toBe(true);
});

test('store keys are the same for a numeric and a string id (route params are strings)', () => {
  expect(queryKeys.stores.detail(42)).toEqual(queryKeys.stores.detail('42'));
  expect(queryKeys.stores.ratings(42, { page: 2 })).toEqual(['stores', '42', 'ratings', { page: 2 }]);
});

test('a screen that comes back shows its cached answer at once, and asks again in the background', async () => {
  const client = testClient();
  let answerAgain: (text: string) => void = () => undefined;
  const load = jest
    .fn<Promise<string>, []>()
    .mockResolvedValueOnce('first answer')
    .mockImplementationOnce(() => new Promise((resolve) => (answerAgain = resolve)));
  const { unmount } = render(
    <QueryClientProvider client={client}>
      <Reader id="d" load={load} />
    </QueryClientProvider>,
  );
  expect(await screen.findByText('first answer')).toBeInTheDocument();
  unmount();
  render(
    <QueryClientProvider client={client}>
      <Reader id="d" load={load} />
    </QueryClientProvider>,
  );
  expect(screen.getByText('first answer')).toBeInTheDocument();
  await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  act(() => answerAgain('what others wrote meanwhile'));
  expect(await screen.findByText('what others wrote meanwhile')).toBeInTheDocument();
});

test('a failure is logged as method, address, status and message: never the body it sent (a password)', () => {
  reportRequestFailure(httpError(500), { failureToast: 'Failed to update password' });
  expect(console.error).toHaveBeenCalledTimes(1);
  const logged = JSON.stringify((console.error as jest.Mock).mock.calls[0]);
  expect(logged).not.toContain('Secret#Pass1');
  expect(describeFailure(httpError(500))).toEqual({
    method: 'PUT',
    url: '/api/auth/password',
    status: 500,
    message: 'Request failed with status code 500',
  });
});

test("a refusal (4xx) is the reader's answer: toasted, not logged", async () => {
  render(<Toaster />);
  act(() =>
    reportRequestFailure(httpError(400, { message: 'Current password is incorrect' }), {
      failureToast: (e) => (e as AxiosError<{ message: string }>).response?.data.message ?? 'Failed',
    }),
  );
  expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
  expect(console.error).not.toHaveBeenCalled();
});
