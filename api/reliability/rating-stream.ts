/**
 * A stream of rating writes (POST /api/ratings/:storeId and DELETE /api/ratings/:id) from many
 * customers at once, and the ledger of what the server promised: for every (customer, store) the
 * state its last 2xx answer described, plus the states of requests that never got an answer (the
 * server died with them in flight), which may or may not have been kept.
 *
 * Each customer belongs to one worker and has at most one request in flight, so the ledger is exact.
 * Every POST carries a comment unique to it, so reading a rating back tells which write it is.
 */
import { MESSAGES } from 'shared-contracts';
import { averageOf } from '../src/http/dto';
import type { World } from './world';

export interface KeptRating {
  value: number;
  comment: string;
}

interface Pair {
  customer: number;
  storeId: number;
  /** What the last 2xx answer said is stored (null: no rating). */
  confirmed: (KeptRating & { id: number }) | null;
  /** States of unanswered requests since: any one of these may be what is stored instead. */
  unanswered: Array<KeptRating | null>;
}

export interface StreamTally {
  /** Requests answered 2xx. */
  acknowledged: number;
  /** Requests that got no answer (connection refused, reset or closed mid-request). */
  unanswered: number;
  /** Why, by error code (ECONNREFUSED: never reached the server; others: the connection went mid-request). */
  unansweredBy: Record<string, number>;
  /** Of those, the ones sent before `stopping()` became true: after a SIGTERM, each is a lost request. */
  unansweredSentBeforeStop: number;
  /** 503s of a server that is shutting down: refused before any work, so the ledger keeps its state. */
  refusedWhileStopping: number;
  /** Answers that are not 2xx (or a shutting-down 503): each is a failure of the guarantee. */
  unexpected: string[];
}

export type WriteOutcome =
  | { kind: 'acknowledged' }
  | { kind: 'refusedWhileStopping' }
  | { kind: 'unanswered'; code: string; sentBeforeStop: boolean }
  | { kind: 'unexpected'; detail: string };

export class RatingLedger {
  private readonly pairs = new Map<string, Pair>();
  private sequence = 0;

  constructor(readonly world: World) {}

  private pair(customer: number, storeId: number): Pair {
    const key = `${customer}:${storeId}`;
    let pair = this.pairs.get(key);
    if (!pair) {
      pair = { customer, storeId, confirmed: null, unanswered: [] };
      this.pairs.set(key, pair);
    }
    return pair;
  }

  /**
   * One write by `customer` (who must have no other request in flight) to a random store: a new or
   * changed rating, or now and then the deletion of theirs. Records the outcome in the ledger.
   * While `stopping()` is true a 503 with the API's shutting-down message is a clean refusal.
   */
  async writeOnce(url: string, customer: number, stopping?: () => boolean): Promise<WriteOutcome> {
    const { customers, storeIds } = this.world;
    const storeId = storeIds[Math.floor(Math.random() * storeIds.length)];
    const pair = this.pair(customer, storeId);
    const token = customers[customer].token;
    const remove = pair.confirmed !== null && pair.unanswered.length === 0 && Math.random() < 0.15;
    const next: KeptRating | null = remove
      ? null
      : { value: 1 + Math.floor(Math.random() * 5), comment: `write ${++this.sequence} by ${customer}` };
    const sentBeforeStop = !stopping?.();
    let res: Response;
    try {
      res = remove
        ? await fetch(`${url}/api/ratings/${pair.confirmed!.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })
        : await fetch(`${url}/api/ratings/${storeId}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ rating: next!.value, comment: next!.comment }),
          });
    } catch (error) {
      pair.unanswered.push(next);
      return { kind: 'unanswered', code: (error as { cause?: { code?: string } }).cause?.code ?? 'unknown', sentBeforeStop };
    }
    let body: { message?: string; rating?: { id: number; rating: number; comment: string } } = {};
    try {
      body = (await res.json()) as typeof body;
    } catch {
      // The status says enough; a 2xx without a body is caught below.
    }
    if (res.status >= 200 && res.status < 300 && (remove || body.rating)) {
      pair.confirmed = remove ? null : { id: body.rating!.id, value: body.rating!.rating, comment: body.rating!.comment };
      pair.unanswered = [];
      return { kind: 'acknowledged' };
    }
    if (res.status === 503 && stopping?.() && body.message === MESSAGES.serviceUnavailable) return { kind: 'refusedWhileStopping' };
    // What happened is unknown: read it back on the next check.
    pair.unanswered.push(next);
    return {
      kind: 'unexpected',
      detail: `${remove ? 'DELETE' : 'POST'} for customer ${customer}, store ${storeId}: ${res.status} ${JSON.stringify(body)}`,
    };
  }

  /**
   * Runs `workers` loops of writes against `url` until `until()` is true or the server stops
   * answering (a worker whose request got no answer, or was refused while stopping, stops: the
   * server is going). Each worker writes for its own customers, one request at a time.
   */
  async stream(url: string, options: { workers: number; until: () => boolean; stopping?: () => boolean }): Promise<StreamTally> {
    const tally: StreamTally = {
      acknowledged: 0,
      unanswered: 0,
      unansweredBy: {},
      unansweredSentBeforeStop: 0,
      refusedWhileStopping: 0,
      unexpected: [],
    };
    const worker = async (w: number) => {
      const mine = this.world.customers.map((_, i) => i).filter((i) => i % options.workers === w);
      while (!options.until()) {
        const outcome = await this.writeOnce(url, mine[Math.floor(Math.random() * mine.length)], options.stopping);
        if (outcome.kind === 'acknowledged') tally.acknowledged += 1;
        else if (outcome.kind === 'unexpected') tally.unexpected.push(outcome.detail);
        else if (outcome.kind === 'refusedWhileStopping') {
          tally.refusedWhileStopping += 1;
          return;
        } else {
          tally.unanswered += 1;
          tally.unansweredBy[outcome.code] = (tally.unansweredBy[outcome.code] ?? 0) + 1;
          if (outcome.sentBeforeStop) tally.unansweredSentBeforeStop += 1;
          return;
        }
      }
    };
    await Promise.all(Array.from({ length: options.workers }, (_, w) => worker(w)));
    return tally;
  }

  /**
   * Reads every (customer, store) back through the API at `url` and compares it with the ledger:
   * a rating a 2xx promised and that is not there (or another one instead) is lost. Settles each
   * pair to what is stored, then checks every store's figures (count, per-star counts, average)
   * against the ledger. Returns one line per problem.
   */
  async verify(url: string): Promise<{ problems: string[]; ratings: number }> {
    const problems: string[] = [];
    const { customers, storeIds } = this.world;
    const pairs = [...this.pairs.values()];
    const read = async (pair: Pair) => {
      const res = await fetch(`${url}/api/ratings/user/${pair.storeId}`, {
        headers: { authorization: `Bearer ${customers[pair.customer].token}` },
      });
      if (res.status !== 200) {
        problems.push(`reading customer ${pair.customer}'s rating of store ${pair.storeId}: ${res.status}`);
        return;
      }
      const { rating } = (await res.json()) as { rating: { id: number; rating: number; comment: string } | null };
      const same = (a: KeptRating | null) =>
        a === null ? rating === null : rating !== null && a.value === rating.rating && a.comment === rating.comment;
      if (!same(pair.confirmed) && !pair.unanswered.some(same)) {
        problems.push(
          `customer ${pair.customer}, store ${pair.storeId}: stored ${JSON.stringify(rating)}, but the last 2xx said ${JSON.stringify(pair.confirmed)}` +
            (pair.unanswered.length ? ` (unanswered since: ${JSON.stringify(pair.unanswered)})` : ''),
        );
      }
      pair.confirmed = rating ? { id: rating.id, value: rating.rating, comment: rating.comment } : null;
      pair.unanswered = [];
    };
    for (let i = 0; i < pairs.length; i += 16) await Promise.all(pairs.slice(i, i + 16).map(read));

    let ratings = 0;
    for (const storeId of storeIds) {
      const values = pairs.filter((p) => p.storeId === storeId && p.confirmed).map((p) => p.confirmed!.value);
      ratings += values.length;
      const res = await fetch(`${url}/api/stores/${storeId}`, { headers: { authorization: `Bearer ${this.world.owner.token}` } });
      if (res.status !== 200) {
        problems.push(`reading store ${storeId}: ${res.status} ${await res.text()}`);
        continue;
      }
      const { store } = (await res.json()) as {
        store: { total_ratings: number; average_rating: number; rating_distribution: Record<string, number> };
      };
      const sum = values.reduce((a, b) => a + b, 0);
      const expected = {
        total_ratings: values.length,
        average_rating: averageOf(sum, values.length),
        rating_distribution: Object.fromEntries([1, 2, 3, 4, 5].map((k) => [String(k), values.filter((v) => v === k).length])),
      };
      const actual = {
        total_ratings: store.total_ratings,
        average_rating: store.average_rating,
        rating_distribution: store.rating_distribution,
      };
      if (JSON.stringify(actual) !== JSON.stringify(expected))
        problems.push(`store ${storeId}: figures ${JSON.stringify(actual)}, ratings say ${JSON.stringify(expected)}`);
    }
    return { problems, ratings };
  }
}
