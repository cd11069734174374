/**
 * How the request chain of a cold visit is read from request timings (support/request-chain.ts): each
 * request waited for the one that finished last before it started, a request found in the HTML as it
 * came in waited for the HTML, and the content's chain is the longest that finished before the LCP.
 */
import { chainTo, type Timed } from '../support/request-chain';

/** A request to `path` from `start` to `end` ms (wall clock), its end as CDP reports it. */
function request(path: string, start: number, end: number): Timed {
  return { url: `http://localhost${path}`, startWallMs: start, startMono: start / 1000, endWallMs: end };
}

test('HTML, then the code it names, then the data the code asks for: a chain of three', () => {
  const chain = chainTo(500, [request('/stores', 0, 20), request('/main.js', 25, 200), request('/api/stores', 210, 300)]);
  expect(chain).toEqual({ steps: 3, path: ['/stores', '/main.js', '/api/stores'] });
});

test('files the HTML names side by side are one step, not one behind the other', () => {
  const chain = chainTo(500, [
    request('/stores', 0, 20),
    request('/main.js', 25, 200),
    request('/mf/stores/remoteEntry.js', 26, 150),
    request('/api/stores', 210, 300),
  ]);
  expect(chain.steps).toBe(3);
});

test('a script the preload scanner started before the HTML’s end was reported still stands behind the HTML', () => {
  const chain = chainTo(500, [request('/store-owner', 0, 60), request('/main.js', 30, 200)]);
  expect(chain).toEqual({ steps: 2, path: ['/store-owner', '/main.js'] });
});

test('what finished after the content painted is not part of its chain', () => {
  const chain = chainTo(250, [request('/stores', 0, 20), request('/main.js', 25, 200), request('/api/stores', 210, 300)]);
  expect(chain).toEqual({ steps: 2, path: ['/stores', '/main.js'] });
});

test('a request that never finished is in no chain', () => {
  const unfinished: Timed = { url: 'http://localhost/api/slow', startWallMs: 210, startMono: 0.21 };
  const chain = chainTo(500, [request('/stores', 0, 20), request('/main.js', 25, 200), unfinished]);
  expect(chain.steps).toBe(2);
});
