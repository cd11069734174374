// Failed API calls as the axios-based API client rejects with them.
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';

/** A failed call with the server's `{ message }` body (or none), code 'ERR_BAD_REQUEST'. */
export function apiError(status: number, message?: string): AxiosError {
  const response = {
    status,
    statusText: String(status),
    data: message === undefined ? {} : { message },
    headers: {},
    config: { headers: new AxiosHeaders() },
  } as AxiosResponse;
  return new AxiosError(message ?? `Request failed with status code ${status}`, 'ERR_BAD_REQUEST', undefined, undefined, response);
}

/** A failed call whose code is the HTTP status, with `{ message }` as the body. */
export function httpError(status: number, message = 'Request failed'): AxiosError {
  const headers = new AxiosHeaders();
  return new AxiosError(message, String(status), { headers } as never, undefined, {
    status,
    statusText: String(status),
    data: { message },
    headers: {},
    config: { headers },
  });
}

/** A network failure: no response at all. */
export function networkError(): AxiosError {
  return new AxiosError('Network Error', 'ERR_NETWORK');
}
