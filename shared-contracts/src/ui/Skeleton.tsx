/**
 * One loading state per page (issue 16): from the first paint until its data is there, a page shows its
 * final layout in grey — the shell while the route's remote loads, the remote while its data loads —
 * with no spinner handed from one to the next. `PageSkeleton` is a whole page (the Page frame, the real
 * title when it is known, bones where the content goes); `Bone` and `SkeletonCards` are the pieces a
 * page uses for a part that is still loading. The wait is announced once (role=status) and the page is
 * aria-busy; the bones themselves are hidden from screen readers.
 */
import type { CSSProperties } from 'react';
import type { PageSkeletonKind } from 'shared-contracts';
import { cx } from './describedBy';
import { PageHeader } from './Page';
import pageStyles from './Page.module.css';
import styles from './Skeleton.module.css';
import { useDocumentTitle } from './useDocumentTitle';
import { VisuallyHidden } from './VisuallyHidden';

export interface BoneProps {
  /** Width, e.g. '40%' or '12rem' (default the whole line). */
  width?: string;
  /** Height, e.g. '2.5rem' (default one line of text). */
  height?: string;
  /** A rounder bone, for a badge or an avatar. */
  round?: boolean;
  className?: string;
}

/** One grey placeholder, shimmering unless the reader prefers reduced motion. */
export function Bone({ width, height, round = false, className }: BoneProps) {
  const style: CSSProperties = { ...(width ? { width } : {}), ...(height ? { height } : {}) };
  return <span className={cx(styles.bone, round && styles.round, className)} style={style} aria-hidden="true" />;
}

/** A grid of card placeholders, as the store list and the dashboards lay out their cards. */
export function SkeletonCards({ count = 6, height = '10.5rem' }: { count?: number; height?: string }) {
  return (
    <div className={styles.cards} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.card} style={{ minHeight: height }}>
          <Bone width="35%" />
          <Bone width="75%" height="1.25rem" />
          <Bone />
          <Bone width="45%" />
        </div>
      ))}
    </div>
  );
}

/** Table-shaped placeholders: a toolbar (unless the page has its own), a header row and `rows` rows. */
export function SkeletonTable({ rows = 8, toolbar = true }: { rows?: number; toolbar?: boolean }) {
  return (
    <div aria-hidden="true">
      {toolbar && (
        <div className={styles.toolbar}>
          <Bone width="18rem" height="2.5rem" />
          <Bone width="8rem" height="2.5rem" />
        </div>
      )}
      <div className={styles.table}>
        {Array.from({ length: rows + 1 }, (_, i) => (
          <div key={i} className={cx(styles.row, i === 0 && styles.headRow)}>
            <Bone width="22%" />
            <Bone width="28%" />
            <Bone width="18%" />
            <Bone width="12%" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** A dashboard's shape: a row of figure cards, then a panel. */
function DashboardBones({ cards }: { cards: number }) {
  return (
    <>
      <SkeletonCards count={cards} height="7rem" />
      <div className={styles.panel} aria-hidden="true">
        <Bone width="30%" height="1.25rem" />
        <Bone />
        <Bone />
        <Bone width="70%" />
      </div>
    </>
  );
}

export interface LoadingBlockProps {
  /** What is loading, announced once, e.g. 'Loading users…'. */
  label: string;
  /** The shape of what comes: cards in a grid, a table's rows, or panels (a dashboard's). */
  layout?: 'cards' | 'rows' | 'panels';
  /** How many cards or rows. */
  count?: number;
}

/**
 * The part of a page whose data is loading, in the shape it will take (the page's header and tools are
 * already there): the same bones as the page's skeleton, so the shell's skeleton gives way to the page
 * without a spinner between.
 */
export function LoadingBlock({ label, layout = 'panels', count }: LoadingBlockProps) {
  return (
    <div className={styles.block}>
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      {layout === 'cards' && <SkeletonCards count={count ?? 6} />}
      {layout === 'rows' && <SkeletonTable rows={count ?? 8} toolbar={false} />}
      {layout === 'panels' && <DashboardBones cards={count ?? 3} />}
    </div>
  );
}

function Content({ kind }: { kind: PageSkeletonKind }) {
  switch (kind) {
    case 'cards':
      return (
        <>
          <div className={styles.toolbar} aria-hidden="true">
            <Bone height="2.75rem" className={styles.grow} />
            <Bone width="7rem" height="2.75rem" />
          </div>
          <SkeletonCards count={6} />
        </>
      );
    case 'detail':
      return (
        <div className={styles.detail} aria-hidden="true">
          <div className={styles.panel}>
            <Bone width="40%" height="2.5rem" />
            <Bone width="60%" />
            <Bone />
            <Bone width="80%" />
          </div>
          <div className={styles.panel}>
            <Bone width="50%" height="1.25rem" />
            <Bone width="100%" height="2.75rem" />
          </div>
        </div>
      );
    case 'dashboard':
      return <DashboardBones cards={3} />;
    case 'table':
      return <SkeletonTable />;
    case 'form':
    case 'auth':
      return (
        <div className={cx(styles.panel, styles.formPanel)} aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <span key={i} className={styles.field}>
              <Bone width="30%" />
              <Bone height="2.75rem" />
            </span>
          ))}
          <Bone width="9rem" height="2.75rem" />
        </div>
      );
  }
}

export interface PageSkeletonProps {
  kind: PageSkeletonKind;
  /** The page's title when it is known before its data (e.g. 'Stores'): the real h1, where the page will have it. */
  title?: string;
  /** The browser tab's title meanwhile (default: the title). */
  documentTitle?: string;
  /** What is loading, announced once, e.g. 'Loading the store list'. */
  label: string;
  /** The narrower column of a form page (Page's `narrow`). */
  narrow?: boolean;
}

/** A whole page in its final layout, while it loads. */
export function PageSkeleton({ kind, title, documentTitle, label, narrow = kind === 'form' }: PageSkeletonProps) {
  useDocumentTitle(documentTitle ?? title);
  if (kind === 'auth') {
    return (
      <main className={styles.auth} aria-busy="true" data-skeleton={kind}>
        <VisuallyHidden role="status">{label}…</VisuallyHidden>
        <Content kind={kind} />
      </main>
    );
  }
  return (
    <main className={cx(pageStyles.page, narrow && pageStyles.narrow)} aria-busy="true" data-skeleton={kind}>
      {title ? (
        <PageHeader title={title} documentTitle={documentTitle} />
      ) : (
        <header className={pageStyles.header} aria-hidden="true">
          <span className={styles.heading}>
            <Bone width="16rem" height="2.5rem" />
            <Bone width="22rem" />
          </span>
        </header>
      )}
      <VisuallyHidden role="status">{label}…</VisuallyHidden>
      <Content kind={kind} />
    </main>
  );
}
