/**
 * The shell guards /admin* for system administrators; each admin page checks again before it asks
 * the API anything, so a page mounted elsewhere (or a role changed mid-session) shows a notice
 * instead of a broken screen.
 */
import type { ReactNode } from 'react';
import { Link, useAuth } from 'shared-contracts/react';
import buttons from '../styles/Buttons.module.css';
import page from '../styles/Page.module.css';
import { EmptyPanel } from './StatusPanels';
import { Spinner } from 'shared-contracts/ui';

export function AdminOnly({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) return <Spinner size="sm" label="Checking your session…" />;
  if (user?.role === 'system_admin') return <>{children}</>;
  return (
    <main className={page.page} aria-labelledby="admin-only-title">
      <h1 id="admin-only-title" className={page.title}>
        Administrators only
      </h1>
      <div className={page.section}>
        <EmptyPanel icon="🔒" title="You do not have access to this page" text="It is for system administrators.">
          <Link to="/dashboard" className={`${buttons.button} ${buttons.primary}`}>
            Go to your dashboard
          </Link>
        </EmptyPanel>
      </div>
    </main>
  );
}
