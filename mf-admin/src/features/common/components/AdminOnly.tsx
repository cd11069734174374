/**
 * The shell guards /admin* for system administrators; each admin page checks again before it asks
 * the API anything, so a page mounted elsewhere (or a role changed mid-session) shows a notice
 * instead of a broken screen.
 */
import type { ReactNode } from 'react';
import { useAuth } from 'shared-contracts/react';
import { EmptyState, Page, Spinner } from 'shared-contracts/ui';
import { ButtonLink } from './ButtonLink';

export function AdminOnly({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) return <Spinner size="sm" label="Checking your session…" />;
  if (user?.role === 'system_admin') return <>{children}</>;
  return (
    <Page title="Administrators only">
      <EmptyState
        icon="lock"
        title="You do not have access to this page"
        text="It is for system administrators."
        action={
          <ButtonLink to="/dashboard" variant="primary">
            Go to your dashboard
          </ButtonLink>
        }
      />
    </Page>
  );
}
