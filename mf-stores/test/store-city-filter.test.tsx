// The store list's City filter from the user's side: the cities with their numbers of stores, choosing
// one asks for that city's stores and keeps it in the URL, "All cities" goes back, and a city in the URL
// is honoured even before (or without) the list of cities.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, currentQuery, listResponse, makeStore, renderAt } from './render-helpers';

const DEFAULT_QUERY = { page: 1, limit: 12, sortBy: 'name', sortOrder: 'asc' };

function apiWith() {
  const api = createFakeApi();
  api.stores.list.mockResolvedValue(listResponse([makeStore(1, { name: 'Alpha Books', city: 'Kolkata' })]));
  api.stores.cities.mockResolvedValue({
    cities: [
      { city: 'Kolkata', stores: 3 },
      { city: 'Jaipur', stores: 1 },
    ],
  });
  return api;
}

const citySelect = () => screen.getByRole('combobox', { name: 'City' });

describe('store list: the City filter', () => {
  it('offers every city with its number of stores; choosing one asks for its stores, keeps it in the URL, and All cities goes back', async () => {
    const user = userEvent.setup();
    const api = apiWith();
    renderAt('/stores', { api });
    await screen.findByText('Alpha Books');
    await waitFor(() =>
      expect(Array.from(citySelect().querySelectorAll('option')).map((o) => o.textContent)).toEqual([
        'All cities',
        'Kolkata (3)',
        'Jaipur (1)',
      ]),
    );
    expect(citySelect()).toHaveValue('');

    await user.selectOptions(citySelect(), 'Kolkata (3)');
    await waitFor(() => expect(api.stores.list).toHaveBeenLastCalledWith({ ...DEFAULT_QUERY, city: 'Kolkata' }));
    expect(currentQuery()).toEqual({ city: 'Kolkata' });
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();

    await user.selectOptions(citySelect(), 'All cities');
    await waitFor(() => expect(api.stores.list).toHaveBeenLastCalledWith(DEFAULT_QUERY));
    expect(currentQuery()).toEqual({});
  });

  it('a city in the URL is asked for and shown chosen, whatever its case', async () => {
    const api = apiWith();
    renderAt('/stores?city=kolkata', { api });
    await waitFor(() => expect(api.stores.list).toHaveBeenCalledWith({ ...DEFAULT_QUERY, city: 'kolkata' }));
    await waitFor(() => expect(citySelect()).toHaveValue('Kolkata'));
  });

  it('a city of the URL stays chosen while the cities load', async () => {
    const api = apiWith();
    api.stores.cities.mockReturnValue(new Promise(() => undefined));
    renderAt('/stores?city=Pune', { api });
    await waitFor(() => expect(api.stores.list).toHaveBeenCalledWith({ ...DEFAULT_QUERY, city: 'Pune' }));
    expect(citySelect()).toHaveValue('Pune');
    expect(citySelect()).toHaveAttribute('aria-busy', 'true');
  });
});
