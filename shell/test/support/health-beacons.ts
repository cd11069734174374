// The browser's side of the health reports in jsdom (which has no sendBeacon and cannot read a Blob
// as text): a sendBeacon mock, a way to read the reports it was given, and leaving the page.
import type { RemoteHealthEvent, RemoteHealthReport } from 'shared-contracts';

export type SendBeacon = jest.Mock<boolean, [string, Blob]>;

/** Gives the browser a navigator.sendBeacon that answers `accepted`. */
export function installSendBeacon(accepted = true): SendBeacon {
  const sendBeacon: SendBeacon = jest.fn<boolean, [string, Blob]>(() => accepted);
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, writable: true, value: sendBeacon });
  return sendBeacon;
}

/** A browser without navigator.sendBeacon. */
export function removeSendBeacon(): void {
  Reflect.deleteProperty(navigator, 'sendBeacon');
}

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** Each report the beacon sent, parsed, checking the URL and the Blob's type on the way. */
export async function sentReports(sendBeacon: SendBeacon): Promise<RemoteHealthReport[]> {
  return Promise.all(
    sendBeacon.mock.calls.map(async ([url, blob]) => {
      expect(url).toBe('/api/telemetry/remote-health');
      expect(blob.type).toBe('application/json');
      return JSON.parse(await readBlob(blob)) as RemoteHealthReport;
    }),
  );
}

/** Every event the beacon sent, in order, whatever the batches. */
export async function sentEvents(sendBeacon: SendBeacon): Promise<RemoteHealthEvent[]> {
  return (await sentReports(sendBeacon)).flatMap((report) => report.events);
}

/** The user leaves the page (another site, a closed tab): the browser fires pagehide. */
export function leavePage(): void {
  window.dispatchEvent(new Event('pagehide'));
}

/** The tab goes to the background (or comes back): visibilitychange with that state. */
export function setPageVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}
