/**
 * @jest-environment jsdom
 */
import './setup';
import { render, screen } from '@testing-library/react';
import { PAGE_SKELETON_KINDS } from '../../src';
import { documentTitle, LoadingBlock, Page, PageSkeleton } from '../../src/ui';

describe('PageSkeleton (issue 16: one loading state per page)', () => {
  it.each(PAGE_SKELETON_KINDS)('%s: a busy page that says once what loads, its bones hidden from screen readers, no spinner', (kind) => {
    const { container } = render(<PageSkeleton kind={kind} label="Loading the store list" />);
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('aria-busy', 'true');
    expect(main).toHaveAttribute('data-skeleton', kind);
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the store list…');
    const bones = container.querySelectorAll('[aria-hidden="true"]');
    expect(bones.length).toBeGreaterThan(0);
    // Nothing but the status is read out.
    expect(main.textContent).toBe('Loading the store list…');
  });

  it('shows the real title where the page will have it when it is known, and names the tab', () => {
    render(<PageSkeleton kind="cards" title="Stores" label="Loading stores" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Stores' })).toBeInTheDocument();
    expect(document.title).toBe('Stores · Store Ratings');
  });

  it('names the tab from documentTitle when the title is not known yet', () => {
    render(<PageSkeleton kind="detail" documentTitle="Store" label="Loading store" />);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(document.title).toBe('Store · Store Ratings');
  });
});

describe('the browser tab’s title', () => {
  it('follows a page’s text title, or its documentTitle', () => {
    const { rerender } = render(<Page title="My Ratings">…</Page>);
    expect(document.title).toBe('My Ratings · Store Ratings');
    rerender(
      <Page title={<span>Aroma Grocers</span>} documentTitle="Aroma Grocers">
        …
      </Page>,
    );
    expect(document.title).toBe('Aroma Grocers · Store Ratings');
  });

  it('is the site’s name alone without a page', () => {
    expect([documentTitle(), documentTitle('  '), documentTitle('Stores')]).toEqual([
      'Store Ratings',
      'Store Ratings',
      'Stores · Store Ratings',
    ]);
  });
});

describe('LoadingBlock (the part of a page whose data is loading)', () => {
  it.each(['cards', 'rows', 'panels'] as const)('%s: says once what loads, bones in the shape that comes, no spinner', (layout) => {
    const { container } = render(<LoadingBlock layout={layout} count={3} label="Loading users…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading users…');
    expect(container.querySelectorAll('[aria-hidden="true"]').length).toBeGreaterThan(0);
    expect(container.textContent).toBe('Loading users…');
  });
});
