/**
 * A route rendered by a remote: fetched on first render, with its page's skeleton while it loads and, when it
 * fails to load or throws while rendering, a contained fallback with a retry. The navbar and every
 * other remote keep working. Its health is reported: a load (with the time from the route asking for
 * the remote to the page's first commit) and render errors; the registry reports load failures.
 */
import {
  Component,
  type ComponentType,
  createContext,
  type ErrorInfo,
  lazy,
  type LazyExoticComponent,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { PageSkeletonKind } from 'shared-contracts';
import { PageSkeleton } from 'shared-contracts/ui';
import { renderMsOf, reportRemoteHealth } from './health';
import styles from './RemotePage.module.css';
import { appVersion, loadRemotePage, RemoteLoadError, type RemoteName } from './registry';

interface BoundaryProps {
  remote: RemoteName;
  area: string;
  /** Called when the fallback shows (at commit). */
  onFailed: () => void;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The ${this.props.area} area failed`, error, info.componentStack);
    this.props.onFailed();
    // A load failure was reported by the registry, with its reason; anything else the page threw.
    if (!(error instanceof RemoteLoadError)) {
      reportRemoteHealth({ app: this.props.remote, version: appVersion(this.props.remote), kind: 'render_error' });
    }
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <section className={styles.fallback} role="alert" aria-labelledby="remote-fallback-title">
        <h1 id="remote-fallback-title" className={styles.title}>
          This part of Store Ratings is not available right now
        </h1>
        <p className={styles.text}>
          The {this.props.area} could not be loaded. Check your connection and try again; the rest of the site keeps working.
        </p>
        <button type="button" className={styles.retry} onClick={this.props.onRetry}>
          Try again
        </button>
      </section>
    );
  }
}

export interface RemotePageProps {
  remote: RemoteName;
  module: string;
  /** How the area is named to the user, e.g. 'sign-in page'. */
  area: string;
  /** The browser tab's title while it loads. */
  title: string;
  /** The layout of its skeleton while it loads (the page shows the same one while its data loads). */
  skeleton: PageSkeletonKind;
}

export function RemotePage(props: RemotePageProps) {
  // React Router keeps one RemotePage instance across routes (same element type, same place). Without
  // a key a failed area's fallback and retry count carried over to the next route's remote, and the
  // next page loaded inside the already shown boundary: the route change, a transition, suspended
  // there, its lazy loader was thrown away and made again, and the remote was requested twice.
  return <RemoteRoute key={`${props.remote}/${props.module}`} {...props} />;
}

/** Reports one load of `remote` when its page first commits, timed from `askedAt` (performance.now()). */
function ReportLoad({ remote, askedAt, children }: { remote: RemoteName; askedAt: number; children: ReactNode }) {
  // A ref, not just the effect: development's StrictMode runs a mount's effects twice.
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    reportRemoteHealth({ app: remote, version: appVersion(remote), kind: 'load', renderMs: renderMsOf(performance.now() - askedAt) });
  }, [remote, askedAt]);
  return children;
}

type LazyPages = Map<string, LazyExoticComponent<ComponentType>>;

/**
 * The lazy page of each remote page and attempt, kept by the route table (mounted once, for the page's
 * life) rather than in the route's own state: a render React throws away and starts again (a
 * transition's, or the retry after an error) finds the same page, so the remote is asked once. A page
 * that failed is dropped when its fallback shows, so coming back to the route asks again; a loaded one
 * is kept, so coming back shows it at once.
 */
const LazyPagesContext = createContext<LazyPages | null>(null);

export function RemotePagesProvider({ children }: { children: ReactNode }) {
  const [pages] = useState<LazyPages>(() => new Map());
  return <LazyPagesContext.Provider value={pages}>{children}</LazyPagesContext.Provider>;
}

const lazyPageKey = (remote: RemoteName, module: string, attempt: number) => `${remote}/${module}#${attempt}`;

function lazyPage(pages: LazyPages, remote: RemoteName, module: string, attempt: number): LazyExoticComponent<ComponentType> {
  const key = lazyPageKey(remote, module, attempt);
  let page = pages.get(key);
  if (!page) {
    page = lazy(() => loadRemotePage(remote, module, attempt > 0));
    pages.set(key, page);
  }
  return page;
}

function RemoteRoute({ remote, module, area, title, skeleton }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  // Outside the route table (a page rendered alone), the route keeps its own.
  const [ownPages] = useState<LazyPages>(() => new Map());
  const pages = useContext(LazyPagesContext) ?? ownPages;
  // The page loader of this attempt, and the moment this attempt asked for the remote.
  const Page = lazyPage(pages, remote, module, attempt);
  const { askedAt } = useMemo(() => ({ attempt, askedAt: performance.now() }), [attempt]);
  const forgetFailedPage = () => pages.delete(lazyPageKey(remote, module, attempt));
  return (
    <RemoteErrorBoundary key={attempt} remote={remote} area={area} onFailed={forgetFailedPage} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<PageSkeleton kind={skeleton} documentTitle={title} label={`Loading the ${area}`} />}>
        <ReportLoad remote={remote} askedAt={askedAt}>
          <Page />
        </ReportLoad>
      </Suspense>
    </RemoteErrorBoundary>
  );
}
