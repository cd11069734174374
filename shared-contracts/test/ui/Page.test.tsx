/**
 * @jest-environment jsdom
 */
import './setup';
import { render, screen } from '@testing-library/react';
import { Button, Card, Page, PageHeader } from '../../src/ui';

describe('Page', () => {
  it('is the main landmark, named by its h1, with description and actions', () => {
    render(
      <Page title="Users" description="Everyone who can sign in." actions={<Button>Add user</Button>}>
        <p>content</p>
      </Page>,
    );
    expect(screen.getByRole('main', { name: 'Users' })).toHaveClass('page');
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText('Everyone who can sign in.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add user' })).toBeInTheDocument();
  });

  it('narrow takes the narrow width; busy sets aria-busy', () => {
    render(<Page title="My ratings" narrow busy />);
    const main = screen.getByRole('main', { name: 'My ratings' });
    expect(main).toHaveClass('page', 'narrow');
    expect(main).toHaveAttribute('aria-busy', 'true');
  });
});

describe('PageHeader', () => {
  it('renders an h1 with the given id, focusable for moving focus to it', () => {
    render(<PageHeader title="Store detail" titleId="t" />);
    const h1 = screen.getByRole('heading', { level: 1, name: 'Store detail' });
    expect(h1).toHaveAttribute('id', 't');
    expect(h1).toHaveAttribute('tabindex', '-1');
  });
});

describe('Card', () => {
  it('is a region named by its heading', () => {
    render(
      <Card title="Recent activity" actions={<a href="/x">See all</a>}>
        <p>…</p>
      </Card>,
    );
    expect(screen.getByRole('region', { name: 'Recent activity' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Recent activity' })).toBeInTheDocument();
  });

  it('takes an h3 heading level, and without a title is an unnamed section', () => {
    const { container } = render(
      <>
        <Card title="Inner" headingLevel={3} />
        <Card>plain</Card>
      </>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Inner' })).toBeInTheDocument();
    expect(container.querySelectorAll('section')[1]).not.toHaveAttribute('aria-labelledby');
  });
});
