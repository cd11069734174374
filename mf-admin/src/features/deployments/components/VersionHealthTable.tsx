/**
 * One app's health per version (live, canary, earlier) over the last hour and the last day: loads,
 * load failures, render errors, failure rate and median time to first render. The kit's Table: a
 * captioned table in a focusable scroll region on a wide screen, a card per version and period on a
 * narrow one.
 */
import { type DeployedVersion, formatCount, type HealthFigures } from 'shared-contracts';
import { Table, type TableColumn } from 'shared-contracts/ui';
import { formatMs, formatRate, versionText } from '../deployment-text';
import styles from './VersionHealthTable.module.css';

export const CHANNEL_LABELS: Readonly<Record<DeployedVersion['channel'], string>> = { live: 'Live', canary: 'Canary', earlier: 'Earlier' };

const PERIODS = [
  { key: 'lastHour', label: 'Last hour' },
  { key: 'lastDay', label: 'Last day' },
] as const;

interface Row {
  version: DeployedVersion;
  period: (typeof PERIODS)[number];
}

const figure = (key: string, header: string, show: (figures: HealthFigures) => string): TableColumn<Row> => ({
  key,
  header,
  align: 'end',
  cell: ({ version, period }) => show(version[period.key]),
});

const COLUMNS: readonly TableColumn<Row>[] = [
  {
    key: 'version',
    header: 'Version',
    rowHeader: true,
    className: styles.version,
    cell: ({ version }) => (
      <>
        {versionText(version.version)}
        <span className={styles.channel} data-channel={version.channel}>
          {CHANNEL_LABELS[version.channel]}
        </span>
      </>
    ),
  },
  { key: 'period', header: 'Period', className: styles.period, cell: ({ period }) => period.label },
  figure('loads', 'Loads', (f) => formatCount(f.loads)),
  figure('loadFailures', 'Load failures', (f) => formatCount(f.loadFailures)),
  figure('renderErrors', 'Render errors', (f) => formatCount(f.renderErrors)),
  figure('failureRate', 'Failure rate', (f) => formatRate(f.failureRate)),
  figure('medianRenderMs', 'Median first render', (f) => formatMs(f.medianRenderMs)),
];

export function VersionHealthTable({ versions }: { versions: DeployedVersion[] }) {
  const rows = versions.flatMap((version) => PERIODS.map((period) => ({ version, period })));
  return (
    <Table
      columns={COLUMNS}
      rows={rows}
      rowKey={({ version, period }) => `${version.version}-${period.key}`}
      caption="Loads and failures per version"
      minWidth="40rem"
      className={styles.health}
    />
  );
}
