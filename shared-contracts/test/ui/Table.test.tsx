/**
 * @jest-environment jsdom
 */
import './setup';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Table, type TableColumn, tableStyles } from '../../src/ui';

interface User {
  id: number;
  name: string;
  email: string;
  role: string;
}

type SortField = 'name' | 'email';

const users: User[] = [
  { id: 1, name: 'Ada Lovelace', email: 'ada@example.com', role: 'Admin' },
  { id: 2, name: 'Alan Turing', email: 'alan@example.com', role: 'User' },
];

const columns: TableColumn<User, SortField>[] = [
  { key: 'name', header: 'Name', rowHeader: true, sortField: 'name', cell: (u) => u.name },
  { key: 'email', header: 'Email', sortField: 'email', cell: (u) => u.email },
  { key: 'role', header: 'Role', cell: (u) => u.role },
  {
    key: 'actions',
    header: 'Actions',
    cardLabel: false,
    hideHeader: true,
    cell: (u) => (
      <div className={tableStyles.actions}>
        <Button size="sm" variant="dangerGhost">
          Delete {u.name}
        </Button>
      </div>
    ),
  },
];

const sortBy = (onSort = jest.fn()) => ({ sortBy: 'name' as SortField, sortOrder: 'asc' as const, onSort });

describe('Table', () => {
  it('is a table named by its caption, inside a focusable region of the same name', () => {
    render(<Table caption="Users" captionNote="(2 in all)" columns={columns} rows={users} rowKey={(u) => u.id} />);
    expect(screen.getByRole('table', { name: 'Users (2 in all)' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Users (2 in all)' })).toHaveAttribute('tabindex', '0');
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('rowheader', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('sortable headers are buttons; the sorted one carries aria-sort and the others none', async () => {
    const onSort = jest.fn();
    render(<Table caption="Users" columns={columns} rows={users} rowKey={(u) => u.id} sort={sortBy(onSort)} />);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Email/ })).not.toHaveAttribute('aria-sort');
    expect(within(screen.getByRole('columnheader', { name: 'Role' })).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Email' }));
    expect(onSort).toHaveBeenCalledWith('email');
  });

  it('shows a descending sort as such', () => {
    render(<Table caption="Users" columns={columns} rows={users} rowKey={(u) => u.id} sort={{ ...sortBy(), sortOrder: 'desc' }} />);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('gives each value its column label for the card layout (not the row header, not the actions)', () => {
    render(<Table caption="Users" columns={columns} rows={users} rowKey={(u) => u.id} />);
    const [, first] = screen.getAllByRole('row');
    expect(within(first).getByRole('cell', { name: 'ada@example.com' })).toHaveAttribute('data-label', 'Email');
    expect(within(first).getByRole('cell', { name: 'Admin' })).toHaveAttribute('data-label', 'Role');
    expect(within(first).getByRole('rowheader')).not.toHaveAttribute('data-label');
    const actions = within(first).getByRole('button', { name: 'Delete Ada Lovelace' });
    expect(actions.closest('td')).not.toHaveAttribute('data-label');
  });

  it('keeps a hidden header’s text for screen readers', () => {
    render(<Table caption="Users" columns={columns} rows={users} rowKey={(u) => u.id} />);
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
  });

  it('with no rows shows its empty row across every column', () => {
    render(<Table caption="Users" columns={columns} rows={[]} rowKey={(u) => u.id} empty="No users match “zed”." />);
    const cell = screen.getByRole('cell', { name: 'No users match “zed”.' });
    expect(cell).toHaveAttribute('colspan', '4');
  });

  it('loading with no rows yet: a loading row (role=status) and aria-busy', () => {
    render(<Table caption="Users" columns={columns} rows={[]} rowKey={(u) => u.id} loading loadingLabel="Loading users…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading users…');
    expect(screen.getByRole('table', { name: 'Users' })).toHaveAttribute('aria-busy', 'true');
  });

  it('loading over rows keeps the rows, dimmed and busy', () => {
    render(<Table caption="Users" columns={columns} rows={users} rowKey={(u) => u.id} loading />);
    expect(screen.getByRole('table', { name: 'Users' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('region', { name: 'Users' })).toHaveClass('busy');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
