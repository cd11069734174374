/**
 * /admin/deployments: for the shell and each remote, what it serves (live version, canary and its
 * share), how each version fares in browsers over the last hour and day (the shell's health reports),
 * its release history, and the commands that steer it (promote, abort, roll back), each confirmed in
 * a dialog first. Refreshed by a button and quietly every 30 s while the page is visible.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { type AppDeployment, DEPLOYABLE_APPS, type DeployableApp, type DeploymentCommand } from 'shared-contracts';
import { Spinner } from 'shared-contracts/ui';
import { AdminOnly } from '../common/components/AdminOnly';
import { ConfirmDialog } from '../common/components/ConfirmDialog';
import { EmptyPanel, ErrorPanel } from '../common/components/StatusPanels';
import { formatDateTime } from '../common/format';
import buttons from '../common/styles/Buttons.module.css';
import page from '../common/styles/Page.module.css';
import styles from './AdminDeploymentsPage.module.css';
import { useDeploymentCommand } from './api/useDeploymentCommand';
import { useDeployments } from './api/useDeployments';
import { AppDeploymentSection, appHeadingId } from './components/AppDeploymentSection';
import { commandText, policyText } from './deployment-text';

export default function AdminDeploymentsPage() {
  return (
    <AdminOnly>
      <Deployments />
    </AdminOnly>
  );
}

const order = (app: AppDeployment) => DEPLOYABLE_APPS.indexOf(app.app);

function Deployments() {
  const titleId = useId();
  const { status, data, refreshing, stale, refresh, replaceApp } = useDeployments();
  const { running, refusals, run, dismiss } = useDeploymentCommand(replaceApp);
  const [asking, setAsking] = useState<{ app: AppDeployment; command: DeploymentCommand } | null>(null);
  // After a command changed an app, focus goes to its heading (the button pressed may be gone).
  const [changed, setChanged] = useState<{ app: DeployableApp } | null>(null);
  useEffect(() => {
    if (changed) document.getElementById(appHeadingId(changed.app))?.focus();
  }, [changed]);

  const confirm = useCallback(async () => {
    if (!asking) return;
    const done = await run(asking.app.app, asking.command);
    setAsking(null);
    if (done) setChanged({ app: asking.app.app });
  }, [asking, run]);

  const apps = data ? [...data.apps].sort((a, b) => order(a) - order(b)) : [];
  const text = asking && commandText(asking.command, asking.app);
  return (
    <main className={page.page} aria-labelledby={titleId} aria-busy={status === 'loading'}>
      <header className={page.header}>
        <div>
          <h1 id={titleId} className={page.title}>
            Deployments
          </h1>
          <p className={page.subtitle}>What the shell and each remote serve, how they fare in browsers, and who changed them.</p>
        </div>
        {data && (
          <div className={styles.refresh}>
            {stale ? (
              <p key="stale" className={styles.updated} role="status">
                {`Could not refresh: figures of ${formatDateTime(data.generatedAt)}`}
              </p>
            ) : (
              <p key="updated" className={styles.updated}>
                {`Updated ${formatDateTime(data.generatedAt)}`}
              </p>
            )}
            <button type="button" className={`${buttons.button} ${buttons.secondary}`} aria-disabled={refreshing || undefined} onClick={() => !refreshing && refresh()}>
              {refreshing ? 'Refreshing…' : 'Refresh'}
            </button>
          </div>
        )}
      </header>
      {status === 'loading' && <Spinner size="sm" label="Loading deployments…" />}
      {status === 'error' && <ErrorPanel text="The deployments could not be loaded." onRetry={() => refresh()} />}
      {data && (
        <>
          <p className={styles.policy}>{policyText(data.canaryPolicy)}</p>
          {apps.length === 0 ? (
            <EmptyPanel icon="📦" title="No apps to show" text="The API reported no deployable apps." />
          ) : (
            <div className={styles.apps}>
              {apps.map((app) => (
                <AppDeploymentSection
                  key={app.app}
                  app={app}
                  busy={running !== null}
                  refusal={refusals[app.app]}
                  onCommand={(command) => setAsking({ app, command })}
                  onDismissRefusal={() => dismiss(app.app)}
                />
              ))}
            </div>
          )}
        </>
      )}
      {asking && text && (
        <ConfirmDialog
          title={text.title}
          message={text.question}
          detail={text.detail}
          confirmLabel={text.confirm}
          busyLabel={text.busy}
          busy={running !== null}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(null)}
        />
      )}
    </main>
  );
}
