/**
 * /admin/deployments: for the shell and each remote, what it serves (live version, canary and its
 * share), how each version fares in browsers over the last hour and day (the shell's health reports),
 * its release history, and the commands that steer it (promote, abort, roll back), each confirmed in
 * a dialog first. Refreshed by a button and quietly every 30 s while the page is visible.
 */
import { useEffect, useState } from 'react';
import { type AppDeployment, DEPLOYABLE_APPS, type DeployableApp, type DeploymentCommand, formatDateTime } from 'shared-contracts';
import { Button, ConfirmDialog, EmptyState, ErrorState, LoadingBlock, Page } from 'shared-contracts/ui';
import { AdminOnly } from '../common/components/AdminOnly';
import styles from './AdminDeploymentsPage.module.css';
import { useDeploymentCommand, useDeploymentsQuery } from './api/deployments';
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
  const deployments = useDeploymentsQuery();
  const { running, refusals, run, dismiss } = useDeploymentCommand();
  const [asking, setAsking] = useState<{ app: AppDeployment; command: DeploymentCommand } | null>(null);
  // A refresh the admin asked for (the quiet ones every 30 s leave the button as it is).
  const [refreshing, setRefreshing] = useState(false);
  // After a command changed an app, focus goes to its heading (the button pressed may be gone).
  const [changed, setChanged] = useState<{ app: DeployableApp } | null>(null);
  useEffect(() => {
    if (changed) document.getElementById(appHeadingId(changed.app))?.focus();
  }, [changed]);

  const confirm = async () => {
    if (!asking) return;
    const done = await run(asking.app.app, asking.command);
    setAsking(null);
    if (done) setChanged({ app: asking.app.app });
  };

  const refresh = () => {
    setRefreshing(true);
    void deployments.refetch().finally(() => setRefreshing(false));
  };

  const data = deployments.data;
  const apps = data ? [...data.apps].sort((a, b) => order(a) - order(b)) : [];
  const text = asking && commandText(asking.command, asking.app);
  return (
    <Page
      title="Deployments"
      description="What the shell and each remote serve, how they fare in browsers, and who changed them."
      busy={deployments.isPending}
      actions={
        data && (
          <div className={styles.refresh}>
            {deployments.isRefetchError ? (
              <p key="stale" className={styles.updated} role="status">
                {`Could not refresh: figures of ${formatDateTime(data.generatedAt)}`}
              </p>
            ) : (
              <p key="updated" className={styles.updated}>
                {`Updated ${formatDateTime(data.generatedAt)}`}
              </p>
            )}
            <Button variant="secondary" busy={refreshing} busyLabel="Refreshing…" onClick={refresh}>
              Refresh
            </Button>
          </div>
        )
      }
    >
      {deployments.isPending && <LoadingBlock label="Loading deployments…" />}
      {deployments.isLoadingError && (
        <ErrorState message="The deployments could not be loaded." onRetry={refresh} retrying={deployments.isFetching} />
      )}
      {data && (
        <>
          <p className={styles.policy}>{policyText(data.canaryPolicy)}</p>
          {apps.length === 0 ? (
            <EmptyState icon="box" title="No apps to show" text="The API reported no deployable apps." />
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
          tone={asking.command === 'promote' ? 'primary' : 'danger'}
          busy={running !== null}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(null)}
        />
      )}
    </Page>
  );
}
