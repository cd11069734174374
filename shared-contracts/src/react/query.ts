/**
 * The one server-state cache of the page (DESIGN.md §3, §5): TanStack Query, shared as a singleton and
 * reached only through this entry, like the router. The shell owns the one QueryClient (createQueryClient)
 * and clears it on sign-out; every remote's feature `api/` folder reads and writes through it, so a rating
 * saved on a store page is seen by My Ratings and the dashboards without a reload.
 *
 * One failure policy for every request: a query or mutation that fails is toasted once when its `meta`
 * names a `failureToast` (one toast per text, however many requests failed); a failure that is not the
 * reader's doing (no answer, or a 5xx) is also logged, as method, address, status and message only: never
 * the request's body, which may hold a password. Errors a screen shows as a state of its own (a 404 as
 * "not found", a page beyond the list window) are listed by `meta.isExpected` and neither logged nor toasted.
 */
import { MutationCache, QueryCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import toast from 'react-hot-toast';
// By package name, not by path: the API client lives in the main entry's one shared copy.
import { errorStatus } from 'shared-contracts';
import { AxiosError } from 'axios';

export {
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  useInfiniteQuery,
  useIsFetching,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
export type { InfiniteData, QueryKey, UseMutationResult, UseQueryResult } from '@tanstack/react-query';

/** What a query or mutation tells the failure policy (its `meta`). */
export interface RequestMeta extends Record<string, unknown> {
  /**
   * The toast a failure shows (once per text), or how to word it from the error (e.g. the server's own
   * message of a refusal, else a fallback: `(error) => errorMessage(error, MESSAGES.updateProfileFailed)`).
   * Without it a failure is only logged.
   */
  failureToast?: string | ((error: unknown) => string);
  /** Errors that are answers the screen shows itself: neither logged nor toasted. */
  isExpected?: (error: unknown) => boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

/**
 * How long an answer counts as fresh: none. Coming back to a screen shows its cached answer at once (no
 * spinner, nothing blank) and asks again in the background, so what other people wrote meanwhile (a new
 * rating on an owner's store) shows without a reload; requests of the same key on their way are shared.
 */
export const FRESH_FOR_MS = 0;

/** Statuses worth a second try: the server or a proxy was briefly away. */
const TRANSIENT_STATUSES = new Set([502, 503, 504]);

/**
 * True for a failure a second attempt may cure: the connection failed at once, or 502/503/504. Not a
 * request that timed out: the reader has already waited API_TIMEOUT_MS for it, and should not wait twice.
 */
export function isTransientFailure(error: unknown): boolean {
  if (error instanceof AxiosError && (error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT)) return false;
  const status = errorStatus(error);
  return status === undefined || TRANSIENT_STATUSES.has(status);
}

/** What the log keeps of a failed request: never its body or headers (a password, a token). */
export function describeFailure(error: unknown): Record<string, unknown> {
  if (error instanceof AxiosError) {
    return { method: error.config?.method?.toUpperCase(), url: error.config?.url, status: error.response?.status, message: error.message };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/** The failure policy: toast `meta.failureToast` once (its text is the toast's id); log what is not the reader's doing. */
export function reportRequestFailure(error: unknown, meta: RequestMeta | undefined): void {
  if (meta?.isExpected?.(error)) return;
  const text = typeof meta?.failureToast === 'function' ? meta.failureToast(error) : meta?.failureToast;
  const status = errorStatus(error);
  if (status === undefined || status >= 500) console.error(`Request failed${text ? `: ${text}` : ''}`, describeFailure(error));
  if (text) toast.error(text, { id: text });
}

/**
 * The page's QueryClient: the failure policy on every query and mutation, cached answers shown at once
 * and asked again in the background (FRESH_FOR_MS), one retry of a transient failure for reads (never for writes), no refetch on window
 * focus (the screens refresh after their own writes and on their own Refresh buttons).
 * `config.defaultOptions` (tests: `retry: false`, `gcTime: Infinity`) is merged over these.
 */
export function createQueryClient(config: Pick<QueryClientConfig, 'defaultOptions'> = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportRequestFailure(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => reportRequestFailure(error, mutation.meta) }),
    defaultOptions: {
      ...config.defaultOptions,
      queries: {
        staleTime: FRESH_FOR_MS,
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < 1 && isTransientFailure(error),
        ...config.defaultOptions?.queries,
      },
      mutations: { retry: false, ...config.defaultOptions?.mutations },
    },
  });
}
