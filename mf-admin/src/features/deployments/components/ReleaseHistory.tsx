/**
 * One app's release history, newest first: when, what happened, to which version (and from which),
 * who or what did it (an admin, the CLI, a pipeline, the health monitor) and its note, marked as the
 * reason of an automatic abort where it is one. The newest entries show; the rest fold away.
 */
import { type DeploymentHistoryEntry, formatDateTime } from 'shared-contracts';
import { Icon } from 'shared-contracts/ui';
import { ACTION_LABELS, versionText } from '../deployment-text';
import styles from './ReleaseHistory.module.css';

const SHOWN = 8;

function Entry({ entry }: { entry: DeploymentHistoryEntry }) {
  const automatic = entry.action === 'auto_abort';
  return (
    <li className={styles.entry} data-action={entry.action}>
      <p className={styles.what}>
        <strong>{ACTION_LABELS[entry.action]}</strong>: {versionText(entry.version)}
        {entry.previousVersion !== null && <span className={styles.muted}> (was {versionText(entry.previousVersion)})</span>}
      </p>
      <p className={styles.meta}>
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · by {entry.by}
      </p>
      {entry.note !== null && (
        <p className={styles.note} data-kind={automatic ? 'warning' : 'info'}>
          {automatic && <Icon name="warning" size="sm" className={styles.noteIcon} />}
          <strong>{automatic ? 'Reason: ' : 'Note: '}</strong>
          {entry.note}
        </p>
      )}
    </li>
  );
}

export function ReleaseHistory({ entries }: { entries: DeploymentHistoryEntry[] }) {
  if (entries.length === 0) return <p className={styles.muted}>Nothing has been published yet: the app serves its own build.</p>;
  const newest = entries.slice(0, SHOWN);
  const earlier = entries.slice(SHOWN);
  return (
    <>
      <ol className={styles.list}>
        {newest.map((entry, index) => (
          <Entry key={`${entry.at}-${index}`} entry={entry} />
        ))}
      </ol>
      {earlier.length > 0 && (
        <details className={styles.more}>
          <summary>{`${earlier.length} earlier ${earlier.length === 1 ? 'change' : 'changes'}`}</summary>
          <ol className={styles.list} start={SHOWN + 1}>
            {earlier.map((entry, index) => (
              <Entry key={`${entry.at}-${index}`} entry={entry} />
            ))}
          </ol>
        </details>
      )}
    </>
  );
}
