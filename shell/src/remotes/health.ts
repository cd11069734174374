/**
 * The shell's health reports (DESIGN.md §5): per app and version, each load (with its time to first
 * render), load failure (with its reason) and render error, gathered in a queue and sent in batches to
 * REMOTE_HEALTH_PATH with navigator.sendBeacon: when REMOTE_HEALTH_MAX_EVENTS are queued,
 * REMOTE_HEALTH_FLUSH_MS after the first unsent event, and when the page is hidden or left. A report
 * that cannot be sent is dropped: reporting never throws, never retries, and (plain fetch, not the API
 * client) never touches the user's session.
 */
import {
  REMOTE_HEALTH_FLUSH_MS,
  REMOTE_HEALTH_MAX_EVENTS,
  REMOTE_HEALTH_MAX_RENDER_MS,
  REMOTE_HEALTH_PATH,
  type RemoteHealthEvent,
} from 'shared-contracts';

export interface RemoteHealthReporter {
  /** Queues one event; sends the queue when it is full. */
  report(event: RemoteHealthEvent): void;
  /** Sends everything queued now, REMOTE_HEALTH_MAX_EVENTS per report. */
  flush(): void;
}

/** A whole number of milliseconds within what a report may carry. */
export function renderMsOf(elapsed: number): number {
  if (!Number.isFinite(elapsed) || elapsed < 0) return 0;
  return Math.min(Math.round(elapsed), REMOTE_HEALTH_MAX_RENDER_MS);
}

/** Sends one report: a beacon, or a keepalive fetch when the browser has no beacon or refuses it. */
function send(events: RemoteHealthEvent[]): void {
  const body = JSON.stringify({ events });
  try {
    if (
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(REMOTE_HEALTH_PATH, new Blob([body], { type: 'application/json' }))
    ) {
      return;
    }
  } catch {
    // A beacon the browser refused outright: try fetch below.
  }
  try {
    if (typeof fetch !== 'function') return;
    fetch(REMOTE_HEALTH_PATH, { method: 'POST', keepalive: true, headers: { 'Content-Type': 'application/json' }, body }).catch(
      () => undefined,
    );
  } catch {
    // Nothing else to try: the report is dropped.
  }
}

export function createRemoteHealthReporter(): RemoteHealthReporter {
  let queue: RemoteHealthEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const pending = queue;
    queue = [];
    for (let start = 0; start < pending.length; start += REMOTE_HEALTH_MAX_EVENTS) {
      send(pending.slice(start, start + REMOTE_HEALTH_MAX_EVENTS));
    }
  };

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);

  return {
    report(event) {
      queue.push(event);
      if (queue.length >= REMOTE_HEALTH_MAX_EVENTS) flush();
      else if (timer === undefined) timer = setTimeout(flush, REMOTE_HEALTH_FLUSH_MS);
    },
    flush,
  };
}

let reporter: RemoteHealthReporter | undefined;

/** Queues an event in the page's one reporter (made, with its listeners, on first use). Never throws. */
export function reportRemoteHealth(event: RemoteHealthEvent): void {
  try {
    reporter ??= createRemoteHealthReporter();
    reporter.report(event);
  } catch {
    // Reporting must never break the page.
  }
}
