/**
 * One app on the deployments screen (a region named by its heading): what it serves (live version,
 * canary and its share), its commands, a refused or failed command with each of the gate's problems,
 * its health per version (table and per-hour charts, or an empty state) and its release history.
 */
import { type AppDeployment, type DeploymentCommand, formatDateTime } from 'shared-contracts';
import { Button, type ButtonVariant, Card } from 'shared-contracts/ui';
import type { CommandRefusal } from '../api/deployments';
import { commandText, versionText } from '../deployment-text';
import styles from './AppDeploymentSection.module.css';
import { HourlyHealthChart } from './HourlyHealthChart';
import { ReleaseHistory } from './ReleaseHistory';
import { CHANNEL_LABELS, VersionHealthTable } from './VersionHealthTable';

/** The id of an app's heading (the screen moves focus there after a command changed the app). */
export const appHeadingId = (app: AppDeployment['app']) => `deployments-${app}`;

export interface AppDeploymentSectionProps {
  app: AppDeployment;
  /** A command is running (on any app): every command button waits. */
  busy: boolean;
  refusal: CommandRefusal | undefined;
  onCommand: (command: DeploymentCommand) => void;
  onDismissRefusal: () => void;
}

function Since({ at }: { at: string | null }) {
  return at ? (
    <span className={styles.since}>
      {' since '}
      <time dateTime={at}>{formatDateTime(at)}</time>
    </span>
  ) : null;
}

const LOOK: Record<DeploymentCommand, ButtonVariant> = { promote: 'primary', abort: 'dangerGhost', rollback: 'secondary' };

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function AppDeploymentSection({ app, busy, refusal, onCommand, onDismissRefusal }: AppDeploymentSectionProps) {
  const headingId = appHeadingId(app.app);
  const commands: DeploymentCommand[] = [
    ...(app.canary ? (['promote', 'abort'] as const) : []),
    ...(app.rollbackTo ? (['rollback'] as const) : []),
  ];
  const versions = app.versions.filter(
    (v) => v.channel !== 'earlier' || v.lastDay.loads + v.lastDay.loadFailures + v.lastDay.renderErrors > 0,
  );
  const charted = versions.filter((v) => v.hourly.some((p) => p.loads > 0 || p.failures > 0));
  const reported = versions.some((v) => v.lastDay.loads + v.lastDay.loadFailures + v.lastDay.renderErrors > 0);

  return (
    <Card className={styles.app} aria-labelledby={headingId}>
      <div className={styles.head}>
        <div>
          <h2 id={headingId} className={styles.title} tabIndex={-1}>
            {app.label}
          </h2>
          <p className={styles.folder}>
            Folder <code>{app.folder}</code>
          </p>
        </div>
        {commands.length > 0 && (
          <div className={styles.actions}>
            {commands.map((command) => {
              const text = commandText(command, app);
              return (
                <Button key={command} variant={LOOK[command]} aria-label={text.name} disabled={busy} onClick={() => onCommand(command)}>
                  {text.button}
                </Button>
              );
            })}
          </div>
        )}
      </div>

      <dl className={styles.serving}>
        <div>
          <dt>Live</dt>
          <dd>
            <strong>{versionText(app.live.version)}</strong>
            <Since at={app.live.since} />
          </dd>
        </div>
        <div>
          <dt>Canary</dt>
          <dd>
            {app.canary ? (
              <>
                <strong>{app.canary.version}</strong>
                {` for ${app.canary.percent}% of browsers`}
                <Since at={app.canary.since} />
              </>
            ) : (
              'No canary'
            )}
          </dd>
        </div>
      </dl>

      {refusal && (
        <div className={styles.refusal} role="alert">
          <p className={styles.refusalMessage}>{capitalised(refusal.message)}</p>
          {refusal.problems.length > 0 && (
            <ul className={styles.problems}>
              {refusal.problems.map((problem, index) => (
                <li key={index}>{`${problem.subject}: ${problem.message}`}</li>
              ))}
            </ul>
          )}
          <Button size="sm" variant="secondary" onClick={onDismissRefusal}>
            Dismiss
          </Button>
        </div>
      )}

      <h3 className={styles.subtitle}>Health in browsers</h3>
      {reported ? (
        <>
          <VersionHealthTable versions={versions} />
          <div className={styles.charts}>
            {charted.map((v) => (
              <HourlyHealthChart key={v.version} title={`${CHANNEL_LABELS[v.channel]} ${v.version}`} points={v.hourly} />
            ))}
          </div>
        </>
      ) : (
        <p className={styles.empty}>No loads reported in the last day</p>
      )}

      <h3 className={styles.subtitle}>Release history</h3>
      <ReleaseHistory entries={app.history} />
    </Card>
  );
}
