// The reader's own rating on the store list's cards, from the user's side: their stars where they rated
// a store, and rating straight from a card in a small popover with the store page's rules, messages and
// toasts (rate, change keeping the comment, validation, failure, Escape and a click elsewhere, no rating
// of one's own store).
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type StoreStats } from 'shared-contracts';
import { createFakeApi, httpError, listResponse, makeOwnRating, makeStore, makeUser, renderAt } from './render-helpers';

const READER = makeUser('normal_user', { id: 7 });
const STATS: StoreStats = { average_rating: 3.5, total_ratings: 2, rating_distribution: { '1': 0, '2': 0, '3': 1, '4': 1, '5': 0 } };

const RATED = makeStore(1, { name: 'Amber Bakery', average_rating: 4, total_ratings: 1 });
const UNRATED = makeStore(2, { name: 'Birch Books', average_rating: 4, total_ratings: 1 });
const OWN = makeStore(3, { name: 'Cedar Cafe', owner_id: READER.id });

function apiFor() {
  const api = createFakeApi();
  api.stores.list.mockResolvedValue(listResponse([{ ...RATED, my_rating: 4 }, UNRATED, OWN]));
  return api;
}

const card = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('article') as HTMLElement;
const starRadio = (n: number) => screen.getByRole('radio', { name: n === 1 ? '1 star' : `${n} stars` });

let logged: jest.SpyInstance;
beforeEach(() => {
  logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

describe("store cards: the reader's own rating", () => {
  it('shows the stars of a store the reader rated, offers Rate on the others, and nothing on their own store', async () => {
    renderAt('/stores', { api: apiFor(), user: READER });
    await screen.findByRole('heading', { level: 3, name: 'Amber Bakery' });

    expect(within(card('Amber Bakery')).getByRole('img', { name: 'Your rating: 4 stars out of 5' })).toBeInTheDocument();
    expect(within(card('Amber Bakery')).getByRole('button', { name: 'Change rating of Amber Bakery' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(within(card('Birch Books')).queryByRole('img', { name: /^Your rating/ })).not.toBeInTheDocument();
    expect(within(card('Birch Books')).getByRole('button', { name: 'Rate Birch Books' })).toBeInTheDocument();
    expect(within(card('Cedar Cafe')).queryByRole('button', { name: /Rate|rating/ })).not.toBeInTheDocument();
  });
});

describe('store cards: rating from the card', () => {
  it('Rate opens a popover on 5 stars; Submit sends the stars and comment, toasts, closes, and the card shows the new stars', async () => {
    const api = apiFor();
    const created = makeOwnRating({ id: 900, store_id: 2, rating: 3, comment: 'Good picks' });
    api.ratings.submit.mockResolvedValue({ message: MESSAGES.ratingSubmitted, rating: created, storeStats: STATS });
    const { user } = renderAt('/stores', { api, user: READER });
    await screen.findByRole('heading', { level: 3, name: 'Birch Books' });
    const trigger = within(card('Birch Books')).getByRole('button', { name: 'Rate Birch Books' });

    await user.click(trigger);

    const dialog = screen.getByRole('dialog', { name: 'Rate Birch Books' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', dialog.id);
    // A new rating: no need to ask for one, 5 stars chosen and focused.
    expect(api.ratings.mine).not.toHaveBeenCalled();
    expect(starRadio(5)).toBeChecked();
    expect(starRadio(5)).toHaveFocus();

    await user.click(starRadio(3));
    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), '  Good picks  ');
    api.stores.list.mockResolvedValue(
      listResponse([{ ...RATED, my_rating: 4 }, { ...UNRATED, average_rating: 3.5, total_ratings: 2, my_rating: 3 }, OWN]),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(api.ratings.submit).toHaveBeenCalledWith(2, { rating: 3, comment: 'Good picks' });
    expect(await screen.findByText(MESSAGES.ratingSubmitted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const button = within(card('Birch Books')).getByRole('button', { name: 'Change rating of Birch Books' });
    expect(button).toHaveFocus();
    expect(within(card('Birch Books')).getByRole('img', { name: 'Your rating: 3 stars out of 5' })).toBeInTheDocument();
    expect(within(card('Birch Books')).getByText('(2 ratings)')).toBeInTheDocument();
  });

  it('Change rating reads the rating first, keeps its comment, and Update sends it for that rating', async () => {
    const api = apiFor();
    const mine = makeOwnRating({ id: 501, store_id: 1, rating: 4, comment: 'Lovely rye bread' });
    let answer!: (value: { rating: typeof mine }) => void;
    api.ratings.mine.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    api.ratings.update.mockResolvedValue({ message: MESSAGES.ratingUpdated, rating: { ...mine, rating: 2 }, storeStats: STATS });
    const { user } = renderAt('/stores', { api, user: READER });
    await screen.findByRole('heading', { level: 3, name: 'Amber Bakery' });

    await user.click(within(card('Amber Bakery')).getByRole('button', { name: 'Change rating of Amber Bakery' }));

    const dialog = screen.getByRole('dialog', { name: 'Update your rating of Amber Bakery' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading your rating…');
    expect(api.ratings.mine).toHaveBeenCalledWith(1);
    answer({ rating: mine });
    expect(await within(dialog).findByRole('textbox', { name: /Comment/ })).toHaveValue('Lovely rye bread');
    expect(starRadio(4)).toBeChecked();
    expect(starRadio(4)).toHaveFocus();

    await user.click(starRadio(2));
    api.stores.list.mockResolvedValue(listResponse([{ ...RATED, average_rating: 3.5, total_ratings: 2, my_rating: 2 }, UNRATED, OWN]));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(api.ratings.update).toHaveBeenCalledWith(501, { rating: 2, comment: 'Lovely rye bread' });
    expect(api.ratings.submit).not.toHaveBeenCalled();
    expect(await screen.findByText(MESSAGES.ratingUpdated)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card('Amber Bakery')).getByRole('img', { name: 'Your rating: 2 stars out of 5' })).toBeInTheDocument(),
    );
  });

  it("with no star chosen, Submit says 'Please select a rating' and sends nothing", async () => {
    const api = apiFor();
    const { user } = renderAt('/stores', { api, user: READER });
    await screen.findByRole('heading', { level: 3, name: 'Birch Books' });
    await user.click(within(card('Birch Books')).getByRole('button', { name: 'Rate Birch Books' }));
    await user.click(screen.getByRole('button', { name: 'Clear star selection' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a rating');
    expect(api.ratings.submit).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Rate Birch Books' })).toBeInTheDocument();
  });

  it("toasts 'Failed to submit rating' when the API refuses, and keeps the popover open with the values", async () => {
    const api = apiFor();
    api.ratings.submit.mockRejectedValue(httpError(500, 'Internal server error'));
    const { user } = renderAt('/stores', { api, user: READER });
    await screen.findByRole('heading', { level: 3, name: 'Birch Books' });
    await user.click(within(card('Birch Books')).getByRole('button', { name: 'Rate Birch Books' }));
    await user.click(starRadio(2));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.submitRatingFailed)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Rate Birch Books' })).toBeInTheDocument();
    expect(starRadio(2)).toBeChecked();
  });

  it('Escape closes the popover and gives focus back to its button; Cancel too; a click elsewhere closes it', async () => {
    const api = apiFor();
    const { user } = renderAt('/stores', { api, user: READER });
    await screen.findByRole('heading', { level: 3, name: 'Birch Books' });
    const trigger = within(card('Birch Books')).getByRole('button', { name: 'Rate Birch Books' });

    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    await user.click(screen.getByRole('heading', { level: 1, name: 'Stores' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.ratings.submit).not.toHaveBeenCalled();
  });
});
