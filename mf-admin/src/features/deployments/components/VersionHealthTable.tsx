/**
 * One app's health per version (live, canary, earlier) over the last hour and the last day: loads,
 * load failures, render errors, failure rate and median time to first render. A captioned table in a
 * focusable scroll box, so it scrolls sideways inside its panel on a narrow screen.
 */
import { useId } from 'react';
import type { DeployedVersion, HealthFigures } from 'shared-contracts';
import { formatCount } from '../../common/format';
import { formatMs, formatRate, versionText } from '../deployment-text';
import styles from './VersionHealthTable.module.css';

export const CHANNEL_LABELS: Readonly<Record<DeployedVersion['channel'], string>> = { live: 'Live', canary: 'Canary', earlier: 'Earlier' };

const PERIODS = [
  { key: 'lastHour', label: 'Last hour' },
  { key: 'lastDay', label: 'Last day' },
] as const;

function FigureCells({ figures }: { figures: HealthFigures }) {
  return (
    <>
      <td>{formatCount(figures.loads)}</td>
      <td>{formatCount(figures.loadFailures)}</td>
      <td>{formatCount(figures.renderErrors)}</td>
      <td>{formatRate(figures.failureRate)}</td>
      <td>{formatMs(figures.medianRenderMs)}</td>
    </>
  );
}

export function VersionHealthTable({ versions }: { versions: DeployedVersion[] }) {
  const captionId = useId();
  return (
    <div className={styles.scroll} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table}>
        <caption id={captionId} className={styles.caption}>
          Loads and failures per version
        </caption>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Period</th>
            <th scope="col">Loads</th>
            <th scope="col">Load failures</th>
            <th scope="col">Render errors</th>
            <th scope="col">Failure rate</th>
            <th scope="col">Median first render</th>
          </tr>
        </thead>
        {versions.map((version) => (
          <tbody key={version.version}>
            {PERIODS.map((period, index) => (
              <tr key={period.key}>
                {index === 0 && (
                  <th scope="rowgroup" rowSpan={PERIODS.length} className={styles.version}>
                    {versionText(version.version)}
                    <span className={styles.channel} data-channel={version.channel}>
                      {CHANNEL_LABELS[version.channel]}
                    </span>
                  </th>
                )}
                <th scope="row" className={styles.period}>
                  {period.label}
                </th>
                <FigureCells figures={version[period.key]} />
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
