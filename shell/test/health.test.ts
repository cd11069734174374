// The health reporter (DESIGN.md §5): events gathered and sent in batches with navigator.sendBeacon:
// REMOTE_HEALTH_FLUSH_MS after the first unsent event, at REMOTE_HEALTH_MAX_EVENTS, when the page is
// hidden or left; a keepalive fetch when there is no beacon or the browser refuses it; and nothing
// that can throw, retry or touch the session.
import {
  REMOTE_HEALTH_FLUSH_MS,
  REMOTE_HEALTH_MAX_EVENTS,
  REMOTE_HEALTH_MAX_RENDER_MS,
  REMOTE_HEALTH_PATH,
  type RemoteHealthEvent,
} from 'shared-contracts';
import { createRemoteHealthReporter, renderMsOf } from '../src/remotes/health';
import { installSendBeacon, leavePage, removeSendBeacon, sentEvents, sentReports, setPageVisibility } from './support/health-beacons';

const load = (renderMs: number): RemoteHealthEvent => ({ app: 'mf_stores', version: '1.2.0-a1', kind: 'load', renderMs });
const failure: RemoteHealthEvent = { app: 'mf_auth', version: 'dist', kind: 'load_failure', reason: 'not_found' };
const renderError: RemoteHealthEvent = { app: 'mf_admin', version: 'dist', kind: 'render_error' };

const originalFetch = global.fetch;
let fetchMock: jest.Mock;

beforeEach(() => {
  jest.useFakeTimers();
  fetchMock = jest.fn().mockResolvedValue({ ok: true, status: 204 });
  global.fetch = fetchMock;
});

afterEach(() => {
  jest.useRealTimers();
  global.fetch = originalFetch;
  removeSendBeacon();
  setPageVisibility('visible');
});

describe('batching', () => {
  test('several events go in one beacon, REMOTE_HEALTH_FLUSH_MS after the first', async () => {
    const sendBeacon = installSendBeacon();
    const reporter = createRemoteHealthReporter();

    reporter.report(load(120));
    jest.advanceTimersByTime(REMOTE_HEALTH_FLUSH_MS / 2);
    reporter.report(failure);
    reporter.report(renderError);
    jest.advanceTimersByTime(REMOTE_HEALTH_FLUSH_MS / 2 - 1);
    expect(sendBeacon).not.toHaveBeenCalled();

    jest.advanceTimersByTime(1);

    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(await sentReports(sendBeacon)).toEqual([{ events: [load(120), failure, renderError] }]);
  });

  test('nothing is sent while nothing is queued', () => {
    const sendBeacon = installSendBeacon();
    createRemoteHealthReporter();
    jest.advanceTimersByTime(REMOTE_HEALTH_FLUSH_MS * 3);
    leavePage();
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  test('after a report, the next event starts a new wait', async () => {
    const sendBeacon = installSendBeacon();
    const reporter = createRemoteHealthReporter();
    reporter.report(load(1));
    jest.advanceTimersByTime(REMOTE_HEALTH_FLUSH_MS);

    reporter.report(load(2));
    jest.advanceTimersByTime(REMOTE_HEALTH_FLUSH_MS - 1);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);

    expect(await sentReports(sendBeacon)).toEqual([{ events: [load(1)] }, { events: [load(2)] }]);
  });

  test(`REMOTE_HEALTH_MAX_EVENTS (${REMOTE_HEALTH_MAX_EVENTS}) queued are sent at once, and no report holds more`, async () => {
    const sendBeacon = installSendBeacon();
    const reporter = createRemoteHealthReporter();

    for (let i = 0; i < REMOTE_HEALTH_MAX_EVENTS - 1; i += 1) reporter.report(load(i));
    expect(sendBeacon).not.toHaveBeenCalled();
    reporter.report(load(REMOTE_HEALTH_MAX_EVENTS - 1));
    expect(sendBeacon).toHaveBeenCalledTimes(1);

    for (let i = REMOTE_HEALTH_MAX_EVENTS; i < 2 * REMOTE_HEALTH_MAX_EVENTS + 20; i += 1) reporter.report(load(i));
    leavePage();

    const reports = await sentReports(sendBeacon);
    expect(reports.map((report) => report.events.length)).toEqual([REMOTE_HEALTH_MAX_EVENTS, REMOTE_HEALTH_MAX_EVENTS, 20]);
    expect((await sentEvents(sendBeacon)).map((event) => event.renderMs)).toEqual(
      Array.from({ length: 2 * REMOTE_HEALTH_MAX_EVENTS + 20 }, (_, i) => i),
    );
  });
});

describe('when the page goes away', () => {
  test('the queue is sent when the tab is hidden, and not when it becomes visible', async () => {
    const sendBeacon = installSendBeacon();
    const reporter = createRemoteHealthReporter();
    reporter.report(load(80));

    setPageVisibility('visible');
    expect(sendBeacon).not.toHaveBeenCalled();
    setPageVisibility('hidden');

    expect(await sentReports(sendBeacon)).toEqual([{ events: [load(80)] }]);
  });

  test('the queue is sent on pagehide, and the pending timer sends nothing twice', async () => {
    const sendBeacon = installSendBeacon();
    const reporter = createRemoteHealthReporter();
    reporter.report(failure);

    leavePage();
    jest.advanceTimersByTime(REMOTE_HEALTH_FLUSH_MS);

    expect(await sentReports(sendBeacon)).toEqual([{ events: [failure] }]);
  });
});

describe('without a beacon', () => {
  const keepaliveFetch = (events: RemoteHealthEvent[]) => [
    REMOTE_HEALTH_PATH,
    { method: 'POST', keepalive: true, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ events }) },
  ];

  test('a browser without sendBeacon sends the report with a keepalive POST', () => {
    removeSendBeacon();
    const reporter = createRemoteHealthReporter();
    reporter.report(load(42));
    leavePage();
    expect(fetchMock.mock.calls).toEqual([keepaliveFetch([load(42)])]);
  });

  test('a beacon the browser refuses (false) goes by keepalive POST instead', () => {
    const sendBeacon = installSendBeacon(false);
    const reporter = createRemoteHealthReporter();
    reporter.report(renderError);
    leavePage();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls).toEqual([keepaliveFetch([renderError])]);
  });

  test('a beacon that throws goes by keepalive POST instead', () => {
    const sendBeacon = installSendBeacon();
    sendBeacon.mockImplementation(() => {
      throw new TypeError('Illegal invocation');
    });
    const reporter = createRemoteHealthReporter();
    reporter.report(failure);
    expect(() => leavePage()).not.toThrow();
    expect(fetchMock.mock.calls).toEqual([keepaliveFetch([failure])]);
  });

  test('a POST that fails is dropped: nothing thrown, nothing sent again', async () => {
    removeSendBeacon();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const reporter = createRemoteHealthReporter();
    reporter.report(load(5));
    leavePage();
    await jest.advanceTimersByTimeAsync(REMOTE_HEALTH_FLUSH_MS * 10);

    reporter.report(load(6));
    leavePage();

    expect(fetchMock.mock.calls).toEqual([keepaliveFetch([load(5)]), keepaliveFetch([load(6)])]);
  });

  test('a browser with neither beacon nor fetch drops the report without throwing', () => {
    removeSendBeacon();
    Reflect.deleteProperty(global, 'fetch');
    const reporter = createRemoteHealthReporter();
    reporter.report(load(7));
    expect(() => leavePage()).not.toThrow();
  });
});

describe('renderMsOf', () => {
  test('rounds to whole milliseconds and keeps within what a report may carry', () => {
    expect(renderMsOf(152.6)).toBe(153);
    expect(renderMsOf(-3)).toBe(0);
    expect(renderMsOf(Number.NaN)).toBe(0);
    expect(renderMsOf(REMOTE_HEALTH_MAX_RENDER_MS + 1)).toBe(REMOTE_HEALTH_MAX_RENDER_MS);
  });
});
