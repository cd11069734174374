/**
 * A data table (from mf-admin's DataTable and SortableHeader, and mf-owner's RatingsTable): configured by
 * columns, with a caption, sortable headers (aria-sort on the sorted one), a loading row and an empty
 * row. Wide, it scrolls sideways inside a focusable region named by the caption; narrower than 40rem
 * (640px, a container query: the space the table has, not the screen) each row becomes a card, each
 * value preceded by its column's label (data-label), the sort buttons a row of chips above the cards,
 * and the row's actions stay in the card. The table keeps explicit ARIA roles, so restyling the rows
 * as cards never takes its table semantics away.
 */
/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role -- explicit table roles: the card layout sets display:block on the table's parts, which makes some browsers drop their implicit roles */
import { type CSSProperties, type Key, type ReactNode, useId } from 'react';
import type { SortOrder } from 'shared-contracts';
import { cx } from './describedBy';
import { Spinner } from './Spinner';
import styles from './Table.module.css';
import { visuallyHiddenClassName } from './VisuallyHidden';

export interface TableColumn<Row, S extends string = string> {
  /** Unique among the columns. */
  key: string;
  /** The column's header text; also the label before each value in the card layout. */
  header: string;
  /** The cell's content. */
  cell: (row: Row, index: number) => ReactNode;
  /** The sort field this column's header sorts by; without it the header is plain text. */
  sortField?: S;
  /** The row's header cell (th scope=row), e.g. the name; it is the card's title in the card layout. */
  rowHeader?: boolean;
  /** Label the value in the card layout; true by default, false for the row header (set false for actions). */
  cardLabel?: boolean;
  /** Hide the header text visually (it stays for screen readers), e.g. for an 'Actions' column. */
  hideHeader?: boolean;
  /** A class for this column's cells (wrap, nowrap, muted…). */
  className?: string;
  /** 'end' aligns numbers to the right. */
  align?: 'start' | 'end';
}

export interface TableSort<S extends string> {
  sortBy: S;
  sortOrder: SortOrder;
  onSort: (field: S) => void;
}

export interface TableProps<Row, S extends string = string> {
  columns: readonly TableColumn<Row, S>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  /** Names the table (and its scroll region). */
  caption: ReactNode;
  /** Quieter text after the caption, e.g. '(1,234 in all)'. */
  captionNote?: ReactNode;
  /** Keep the caption for screen readers only (when a heading right above already names the table). */
  hideCaption?: boolean;
  /** Makes the headers of columns with a `sortField` sort buttons. */
  sort?: TableSort<S>;
  /** A newer answer is on its way: aria-busy, dimmed rows; with no rows yet, a loading row. */
  loading?: boolean;
  loadingLabel?: string;
  /** The empty row's content, shown when there are no rows and nothing is loading. */
  empty?: ReactNode;
  /** The table's least width in the wide layout (it scrolls sideways below it); '44rem' by default. */
  minWidth?: string;
  className?: string;
  rowClassName?: (row: Row, index: number) => string | undefined;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

export interface SortableHeaderProps<S extends string> extends TableSort<S> {
  field: S;
  label: string;
  className?: string;
}

/** A column header that sorts its table: aria-sort while it is the sorted column, the button named by the column, an arrow for the direction. */
export function SortableHeader<S extends string>({ field, label, sortBy, sortOrder, onSort, className }: SortableHeaderProps<S>) {
  const active = field === sortBy;
  return (
    <th scope="col" role="columnheader" aria-sort={active ? ARIA_SORT[sortOrder] : undefined} className={cx(styles.sortable, className)}>
      <button type="button" className={cx(styles.sortButton, active && styles.sorted)} onClick={() => onSort(field)}>
        {label}
        <span className={cx(styles.indicator, !active && styles.unsorted)} aria-hidden="true">
          {active ? (sortOrder === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

export function Table<Row, S extends string = string>({
  columns,
  rows,
  rowKey,
  caption,
  captionNote,
  hideCaption = false,
  sort,
  loading = false,
  loadingLabel = 'Loading…',
  empty = 'Nothing to show.',
  minWidth,
  className,
  rowClassName,
}: TableProps<Row, S>) {
  const captionId = useId();
  const sortable = sort !== undefined && columns.some((c) => c.sortField !== undefined);
  const style = minWidth ? ({ '--table-min-width': minWidth } as CSSProperties) : undefined;
  return (
    <div className={cx(styles.container, className)}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls sideways must be reachable by keyboard to be scrolled */}
      <div className={cx(styles.region, loading && rows.length > 0 && styles.busy)} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table role="table" className={cx(styles.table, sortable && styles.withSort)} aria-busy={loading || undefined} style={style}>
          <caption id={captionId} className={hideCaption ? visuallyHiddenClassName : styles.caption}>
            {caption}
            {captionNote && <span className={styles.captionNote}> {captionNote}</span>}
          </caption>
          <thead role="rowgroup">
            <tr role="row">
              {columns.map((column) =>
                sort && column.sortField !== undefined ? (
                  <SortableHeader key={column.key} field={column.sortField} label={column.header} {...sort} />
                ) : (
                  <th
                    key={column.key}
                    scope="col"
                    role="columnheader"
                    className={cx(styles.plainHeader, column.align === 'end' && styles.end)}
                  >
                    {column.hideHeader ? <span className={visuallyHiddenClassName}>{column.header}</span> : column.header}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.length === 0 ? (
              <tr role="row" className={styles.messageRow}>
                <td role="cell" colSpan={columns.length} className={styles.messageCell}>
                  {loading ? <Spinner size="sm" label={loadingLabel} /> : empty}
                </td>
              </tr>
            ) : (
              rows.map((row, index) => (
                <tr key={rowKey(row, index)} role="row" className={rowClassName?.(row, index)}>
                  {columns.map((column) => {
                    const label = (column.cardLabel ?? !column.rowHeader) ? column.header : undefined;
                    const cellClass = cx(column.rowHeader && styles.rowHeader, column.align === 'end' && styles.end, column.className);
                    return column.rowHeader ? (
                      <th key={column.key} scope="row" role="rowheader" className={cellClass} data-label={label}>
                        {column.cell(row, index)}
                      </th>
                    ) : (
                      <td key={column.key} role="cell" className={cellClass} data-label={label}>
                        {column.cell(row, index)}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
