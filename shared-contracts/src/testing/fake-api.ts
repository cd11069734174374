// A fake of the API client for the apps' tests: shaped like createApiClient's return, every endpoint a
// jest.fn that fails loudly ('unexpected call: api.stores.list') until a test gives it an answer.
import { type ApiClient, createApiClient } from 'shared-contracts';

export type Mocked<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? jest.Mock<R, A> : T[K] extends object ? Mocked<T[K]> : T[K];
};
export type FakeApi = Mocked<ApiClient>;

export function createFakeApi(): FakeApi {
  const mockAll = (source: Record<string, unknown>, path: string): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(source).map(([key, value]) => {
        if (key === 'http') return [key, value];
        if (typeof value === 'function') {
          return [key, jest.fn(() => Promise.reject(new Error(`unexpected call: api.${path}${key}`)))];
        }
        return [key, mockAll(value as Record<string, unknown>, `${path}${key}.`)];
      }),
    );
  return mockAll(createApiClient({ baseURL: '' }) as unknown as Record<string, unknown>, '') as unknown as FakeApi;
}
