/**
 * The state of an admin table kept in the URL: page, sortBy, sortOrder, search and optional filters.
 * Unknown or malformed values fall back to the defaults; defaults are left out of the URL.
 */
import { SEARCH_MAX_LENGTH, type SortOrder } from 'shared-contracts';

export interface ListState<S extends string, F extends string = never> {
  page: number;
  sortBy: S;
  sortOrder: SortOrder;
  search: string;
  filters: Partial<Record<F, string>>;
}

export interface ListConfig<S extends string, F extends string = never> {
  sortFields: readonly S[];
  defaultSortBy: S;
  /**
   * Each filter's allowed values (anything else in the URL is ignored), or 'text': any text of 1 to
   * FILTER_TEXT_MAX characters (trimmed), such as a city.
   */
  filters?: Record<F, readonly string[] | 'text'>;
}

/** The longest free-text filter value kept from the URL. */
export const FILTER_TEXT_MAX = 100;

export function parseListState<S extends string, F extends string = never>(
  params: URLSearchParams,
  config: ListConfig<S, F>,
): ListState<S, F> {
  const rawPage = params.get('page') ?? '';
  const page = /^[1-9][0-9]{0,6}$/.test(rawPage) ? Number(rawPage) : 1;
  const rawSort = params.get('sortBy') ?? '';
  const sortBy = (config.sortFields as readonly string[]).includes(rawSort) ? (rawSort as S) : config.defaultSortBy;
  const sortOrder: SortOrder = params.get('sortOrder') === 'desc' ? 'desc' : 'asc';
  const search = (params.get('search') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  const filters: Partial<Record<F, string>> = {};
  for (const [name, allowed] of Object.entries(config.filters ?? {}) as Array<[F, readonly string[] | 'text']>) {
    const value = allowed === 'text' ? params.get(name)?.trim() : params.get(name);
    if (!value) continue;
    if (allowed === 'text' ? value.length <= FILTER_TEXT_MAX : allowed.includes(value)) filters[name] = value;
  }
  return { page, sortBy, sortOrder, search, filters };
}

export function toSearchParams<S extends string, F extends string>(state: ListState<S, F>, config: ListConfig<S, F>): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  for (const [name, value] of Object.entries(state.filters) as Array<[F, string | undefined]>) {
    if (value) params.set(name, value);
  }
  if (state.sortBy !== config.defaultSortBy) params.set('sortBy', state.sortBy);
  if (state.sortOrder !== 'asc') params.set('sortOrder', state.sortOrder);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** Spec §4: the selected field again flips asc/desc; another field sorts ascending. Back to page 1. */
export function chooseSort<S extends string, F extends string>(state: ListState<S, F>, field: S): ListState<S, F> {
  const sortOrder: SortOrder = state.sortBy === field && state.sortOrder === 'asc' ? 'desc' : 'asc';
  return { ...state, sortBy: field, sortOrder, page: 1 };
}
