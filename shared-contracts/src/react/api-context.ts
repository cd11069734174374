/** The API client every page uses, provided once by the shell (tests provide a fake). */
import { createContext, useContext } from 'react';
import type { ApiClient } from '../client/api-client';

export const ApiContext = createContext<ApiClient | null>(null);

export function useApi(): ApiClient {
  const value = useContext(ApiContext);
  if (!value) throw new Error('useApi() needs an <ApiContext.Provider> above it (the shell provides one)');
  return value;
}
