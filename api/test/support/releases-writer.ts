/**
 * A process that changes the deployment state many times, for the test that several writers (the
 * release commands, the API) never lose each other's updates. Run with tsx:
 *
 *   tsx releases-writer.ts <releasesDir> <siteDir> <app> <build folder> <rounds> <by> <start at>
 *
 * It waits until <start at> (epoch milliseconds), so that writers started one after the other begin
 * together; then each round publishes the build as a 10% canary of <app> and aborts it (two writes),
 * and pauses 0 to 20 ms, so that the writers take turns (the lock does not let one writer starve the
 * others while they poll for it).
 * Prints `done <rounds>` at the end; any error ends it with a non-zero exit.
 */
import { REMOTE_APPS, type RemoteApp } from 'shared-contracts';
import { Releases } from '../../src/deployments/releases';

const [releasesDir, siteDir, app, from, roundsText, by, startAt] = process.argv.slice(2);
if (!releasesDir || !siteDir || !app || !from || !roundsText || !by || !startAt || !(REMOTE_APPS as readonly string[]).includes(app)) {
  console.error('usage: releases-writer.ts <releasesDir> <siteDir> <remote app> <build folder> <rounds> <by> <start at>');
  process.exit(2);
}
const releases = new Releases({ releasesDir, siteDir });
const rounds = Number(roundsText);
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
while (Date.now() < Number(startAt)) sleep(1);
for (let round = 0; round < rounds; round += 1) {
  releases.publish(app as RemoteApp, { from, canaryPercent: 10, by });
  releases.abort(app as RemoteApp, by, { note: `round ${round}` });
  sleep(Math.random() * 20);
}
console.log(`done ${rounds}`);
