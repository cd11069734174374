/**
 * Two processes publishing the same build as the same new version at the same moment (two pipeline
 * runs of one commit): both should succeed (the second reuses the version), and nothing but the
 * version folder and the state should be left in the releases folder.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { createFakeReleases } from './support/fake-builds';

const TSX = path.resolve(__dirname, '..', '..', 'node_modules', '.bin', 'tsx');
const RELEASES = path.resolve(__dirname, '..', 'src', 'deployments', 'releases');
const run = promisify(execFile);

it('two processes publishing the same version of the same build at once both succeed and leave no staging folder', async () => {
  const fake = createFakeReleases({ name: 'publish-race' });
  try {
    const { siteDir, releasesDir } = fake;
    const from = fake.remoteBuild('build', { app: 'mf_stores' });
    // As many files as a real build has, so that copying takes a moment.
    mkdirSync(path.join(from, 'assets'));
    for (let i = 0; i < 500; i += 1) writeFileSync(path.join(from, 'assets', `${i}.js`), `${'x'.repeat(2000)}${i}`);
    const worker = path.join(fake.root, 'publish-once.ts');
    writeFileSync(
      worker,
      `import { Releases } from ${JSON.stringify(RELEASES)};
const [releasesDir, siteDir, from, startAt] = process.argv.slice(2) as [string, string, string, string];
while (Date.now() < Number(startAt)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
const result = new Releases({ releasesDir, siteDir }).publish('mf_stores', { from, version: 'v1', by: 'pipeline' });
console.log(result.version);
`,
    );
    const startAt = String(Date.now() + 2_000);
    const outcomes = await Promise.allSettled([1, 2].map(() => run(process.execPath, [TSX, worker, releasesDir, siteDir, from, startAt])));
    const described = outcomes.map((o) =>
      o.status === 'fulfilled'
        ? o.value.stdout.trim()
        : (String((o.reason as { stderr?: string }).stderr)
            .split('\n')
            .find((l) => l.includes('Error')) ?? 'failed'),
    );
    expect(described).toEqual(['v1', 'v1']);
    expect(readdirSync(path.join(releasesDir, 'mf-stores'))).toEqual(['v1']);
  } finally {
    fake.remove();
  }
}, 60_000);
