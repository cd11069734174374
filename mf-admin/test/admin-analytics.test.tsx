// The analytics page (/admin/analytics) from the admin's side: the rating distribution and the top
// stores of the admin dashboard payload as charts with text alternatives, and its empty and failed states.
import { screen, within } from '@testing-library/react';
import { createFakeApi, expectToast, makeDashboard, renderAt } from './render-helpers';

function apiWith(dashboard = makeDashboard()) {
  const api = createFakeApi();
  api.admin.dashboard.mockResolvedValue(dashboard);
  return api;
}

const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));

describe('analytics', () => {
  it('shows the headline figures from the payload', async () => {
    const api = apiWith();
    renderAt('/admin/analytics', { api });
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading analytics…');
    const ratings = await screen.findByText('Ratings', { selector: 'dt' });
    expect(ratings.nextElementSibling).toHaveTextContent('120');
    expect(screen.getByText('Average rating', { selector: 'dt' }).nextElementSibling).toHaveTextContent('3.9 / 5');
    expect(api.admin.dashboard).toHaveBeenCalledTimes(1);
  });

  it('draws the rating distribution as an SVG image named by its title, with the numbers in a table', async () => {
    const { container } = renderAt('/admin/analytics', { api: apiWith() });
    const chart = await screen.findByRole('img', { name: /^Rating distribution/ });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart.querySelector('title')).toHaveTextContent('Rating distribution');
    expect(chart).toHaveAccessibleName('Rating distribution Bar chart of 120 ratings by number of stars. The most common is 5 stars.');
    // Visible labels on the bars.
    expect(within(chart as unknown as HTMLElement).getByText('48 · 40%')).toBeInTheDocument();
    expect(within(chart as unknown as HTMLElement).getByText('6 · 5%')).toBeInTheDocument();
    // One bar per star, scaled to the largest count.
    const bars = Array.from(chart.querySelectorAll('rect[data-band]'));
    expect(bars.map((bar) => Number(bar.getAttribute('width')))).toEqual([318, 238.5, 119.25, 79.5, 39.75]);

    const table = screen.getByRole('table', { name: 'Rating distribution' });
    expect(rows(table)).toEqual([
      ['5 stars', '48', '40%'],
      ['4 stars', '36', '30%'],
      ['3 stars', '18', '15%'],
      ['2 stars', '12', '10%'],
      ['1 star', '6', '5%'],
    ]);
    expect(container.querySelectorAll('svg title').length).toBeGreaterThan(5);
  });

  it('draws the top stores, best first, with their averages and counts for screen readers', async () => {
    renderAt('/admin/analytics', { api: apiWith() });
    const chart = await screen.findByRole('img', { name: /^Top rated stores/ });
    expect(chart).toHaveAccessibleName(
      'Top rated stores Bar chart of the average rating, out of 5, of the 2 best rated stores. Green Basket Organic Grocers leads with 4.8.',
    );
    const svg = chart as unknown as HTMLElement;
    expect(within(svg).getByText('Green Basket Organic Grocers')).toBeInTheDocument();
    expect(within(svg).getByText('Byte Electronics')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Top rated stores' });
    expect(rows(table)).toEqual([
      ['Green Basket Organic Grocers', '4.8 out of 5', '25'],
      ['Byte Electronics', '4.5 out of 5', '10'],
    ]);
  });

  it('shows an empty state instead of charts when there are no ratings yet', async () => {
    const empty = makeDashboard();
    empty.statistics.totalRatings = 0;
    empty.analytics.ratingDistribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
    empty.analytics.topStores = [];
    renderAt('/admin/analytics', { api: apiWith(empty) });
    expect(await screen.findByText('No ratings yet')).toBeInTheDocument();
    expect(screen.getByText('The charts appear once customers have rated stores.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage Stores' })).toHaveAttribute('href', '/admin/stores');
  });

  it("toasts 'Failed to fetch dashboard data' when the payload cannot be loaded", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = createFakeApi();
    api.admin.dashboard.mockRejectedValue(new Error('offline'));
    renderAt('/admin/analytics', { api });
    await expectToast('Failed to fetch dashboard data');
    expect(screen.getByRole('alert')).toHaveTextContent('The analytics could not be loaded.');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    logged.mockRestore();
  });
});
