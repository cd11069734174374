/**
 * shared-contracts' version follows its public surface: the bump rules (scripts/surface-rules.ts), the
 * messages of `npm run surface` and `surface:write`, and the committed surface.json against the real
 * source (so `npm test` fails when the surface changed without the right bump).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkSurface, diffSurfaces, planWrite, requiredBump, type SurfaceReport } from '../scripts/surface-rules';

type EntryPoints = SurfaceReport['entryPoints'];

/** The surface at 1.0.0 in these tests: a constant, a client with one admin call, a props interface. */
const base = (): EntryPoints => ({
  '.': {
    API_TIMEOUT_MS: { kind: 'value', type: '10000' },
    ApiClient: {
      kind: 'type',
      type: '{ … }',
      members: {
        admin: { type: '{ … }', members: { dashboard: '() => Promise<AdminDashboardResponse>' } },
      },
    },
    loginRequestSchema: { kind: 'value', type: 'ZodObject<…>', typeOnly: true },
  },
  './ui': {
    StarsProps: { kind: 'interface', type: '{ … }', members: { 'label?': 'string', value: 'number' } },
  },
});

const report = (entryPoints: EntryPoints, version = '1.0.0'): SurfaceReport => ({ version, entryPoints });

/** base() with a change made to a copy. */
function changed(edit: (surface: EntryPoints) => void): EntryPoints {
  const surface = base();
  edit(surface);
  return surface;
}

const withDeploymentCall = () =>
  changed((s) => {
    const admin = s['.'].ApiClient.members?.admin;
    if (typeof admin === 'object') admin.members.deployments = '() => Promise<DeploymentsResponse>';
    s['.'].DEPLOYABLE_APPS = { kind: 'value', type: 'readonly ["shell", "mf_auth"]' };
  });

describe('the bump a surface change needs', () => {
  it('a new exported name needs a MINOR bump', () => {
    const diff = diffSurfaces(
      base(),
      changed((s) => (s['.'].BUILT_IN_VERSION = { kind: 'value', type: '"dist"' })),
    );
    expect(diff).toEqual({ added: ['BUILT_IN_VERSION'], removed: [], changed: [] });
    expect(requiredBump(diff)).toBe('minor');
  });

  it('a new member of an existing type is an addition (MINOR), named by its path', () => {
    const diff = diffSurfaces(base(), withDeploymentCall());
    expect(diff.added).toEqual(['ApiClient.admin.deployments', 'DEPLOYABLE_APPS']);
    expect(requiredBump(diff)).toBe('minor');
  });

  it('a new name is listed alone, not with each of its members', () => {
    const diff = diffSurfaces(
      base(),
      changed((s) => {
        s['./ui'].SpinnerProps = { kind: 'interface', type: '{ … }', members: { label: 'string', 'size?': 'string' } };
      }),
    );
    expect(diff.added).toEqual(['ui/SpinnerProps']);
  });

  it('a removed name needs a MAJOR bump', () => {
    const diff = diffSurfaces(
      base(),
      changed((s) => delete s['.'].API_TIMEOUT_MS),
    );
    expect(diff).toEqual({ added: [], removed: ['API_TIMEOUT_MS'], changed: [] });
    expect(requiredBump(diff)).toBe('major');
  });

  it('a removed member needs a MAJOR bump', () => {
    const diff = diffSurfaces(
      base(),
      changed((s) => delete s['./ui'].StarsProps.members?.['label?']),
    );
    expect(diff.removed).toEqual(['ui/StarsProps.label']);
    expect(requiredBump(diff)).toBe('major');
  });

  it("a member's changed type needs a MAJOR bump", () => {
    const diff = diffSurfaces(
      base(),
      changed((s) => {
        const members = s['./ui'].StarsProps.members;
        if (members) members.value = 'string';
      }),
    );
    expect(diff).toEqual({ added: [], removed: [], changed: ['ui/StarsProps.value'] });
    expect(requiredBump(diff)).toBe('major');
  });

  it('an optional member that becomes required is a change (MAJOR), not a removal and an addition', () => {
    const diff = diffSurfaces(
      base(),
      changed((s) => {
        const members = s['./ui'].StarsProps.members;
        if (members) {
          delete members['label?'];
          members.label = 'string';
        }
      }),
    );
    expect(diff).toEqual({ added: [], removed: [], changed: ['ui/StarsProps.label'] });
    expect(requiredBump(diff)).toBe('major');
  });

  it("a name's changed kind needs a MAJOR bump", () => {
    const diff = diffSurfaces(
      base(),
      changed((s) => (s['./ui'].StarsProps.kind = 'type')),
    );
    expect(diff.changed).toEqual(['ui/StarsProps']);
    expect(requiredBump(diff)).toBe('major');
  });

  it('a type-only export that becomes a run-time value is an addition (MINOR)', () => {
    const diff = diffSurfaces(
      base(),
      changed((s) => delete s['.'].loginRequestSchema.typeOnly),
    );
    expect(diff).toEqual({ added: ['loginRequestSchema (as a run-time value)'], removed: [], changed: [] });
    expect(requiredBump(diff)).toBe('minor');
  });

  it('the same surface needs only a PATCH', () => {
    const diff = diffSurfaces(base(), base());
    expect(diff).toEqual({ added: [], removed: [], changed: [] });
    expect(requiredBump(diff)).toBe('patch');
  });
});

describe('npm run surface: the check and its messages', () => {
  it('passes when the report describes the surface at the package version', () => {
    const verdict = checkSurface({ committed: report(base()), current: base(), version: '1.0.0' });
    expect(verdict.ok).toBe(true);
  });

  it('an addition without a bump: names what was added and the MINOR version to set', () => {
    const verdict = checkSurface({ committed: report(base()), current: withDeploymentCall(), version: '1.0.0' });
    expect(verdict).toEqual({
      ok: false,
      problem: 'bump-needed',
      message:
        "shared-contracts' public surface changed since 1.0.0 (added: ApiClient.admin.deployments, DEPLOYABLE_APPS): " +
        'a MINOR bump is needed — set "version" to 1.1.0 in shared-contracts/package.json, ' +
        'then run npm run surface:write -w shared-contracts',
    });
  });

  it('a removal with only a minor bump: says a MAJOR bump is needed and what the version says now', () => {
    const verdict = checkSurface({
      committed: report(base(), '1.4.2'),
      current: changed((s) => delete s['.'].API_TIMEOUT_MS),
      version: '1.5.0',
    });
    expect(verdict).toEqual({
      ok: false,
      problem: 'bump-needed',
      message:
        "shared-contracts' public surface changed since 1.4.2 (removed: API_TIMEOUT_MS): a MAJOR bump is needed — " +
        'set "version" to 2.0.0 in shared-contracts/package.json (it says 1.5.0), ' +
        'then run npm run surface:write -w shared-contracts',
    });
  });

  it('shows the first five names of a category and how many more there are', () => {
    const current = changed((s) => {
      for (const n of [1, 2, 3, 4, 5, 6, 7]) s['.'][`NEW_${n}`] = { kind: 'value', type: `${n}` };
      s['./ui'].StarsProps.kind = 'type';
    });
    const verdict = checkSurface({ committed: report(base()), current, version: '1.0.0' });
    expect(verdict.message).toContain(
      '(added: NEW_1, NEW_2, NEW_3, NEW_4, NEW_5, … (2 more); changed: ui/StarsProps): ' +
        'a MAJOR bump is needed — set "version" to 2.0.0',
    );
  });

  it('the version is already bumped but the report is not rewritten: says to run surface:write', () => {
    const verdict = checkSurface({ committed: report(base()), current: withDeploymentCall(), version: '1.1.0' });
    expect(verdict).toEqual({
      ok: false,
      problem: 'stale-report',
      message:
        "shared-contracts' public surface changed since 1.0.0 (added: ApiClient.admin.deployments, DEPLOYABLE_APPS) " +
        'and version 1.1.0 covers it (a MINOR bump): ' +
        'run npm run surface:write -w shared-contracts to record it in shared-contracts/surface.json',
    });
  });

  it('a bigger bump than needed is accepted (then the report is rewritten)', () => {
    const verdict = checkSurface({ committed: report(base()), current: withDeploymentCall(), version: '2.0.0' });
    expect(verdict).toMatchObject({ ok: false, problem: 'stale-report' });
  });

  it('a patch release (same surface, new version) is recorded with surface:write', () => {
    const verdict = checkSurface({ committed: report(base()), current: base(), version: '1.0.1' });
    expect(verdict).toMatchObject({ ok: false, problem: 'stale-report' });
    expect(verdict.message).toBe(
      "shared-contracts' version is 1.0.1 but shared-contracts/surface.json records 1.0.0 " +
        '(the public surface is unchanged, ' +
        'so 1.0.1 is a release without surface changes): run npm run surface:write -w shared-contracts',
    );
  });

  it('a version lower than the report: says so', () => {
    const verdict = checkSurface({ committed: report(base(), '1.2.0'), current: base(), version: '1.1.0' });
    expect(verdict).toEqual({
      ok: false,
      problem: 'version-behind',
      message:
        "shared-contracts' version 1.1.0 is lower than 1.2.0, which shared-contracts/surface.json records: " +
        'set "version" in shared-contracts/package.json to 1.2.0 or later',
    });
  });

  it('no report yet: says to write one', () => {
    const verdict = checkSurface({ committed: null, current: base(), version: '1.0.0' });
    expect(verdict).toEqual({
      ok: false,
      problem: 'missing-report',
      message: 'shared-contracts/surface.json is missing: run npm run surface:write -w shared-contracts',
    });
  });
});

describe('npm run surface:write', () => {
  it('refuses a version that is not enough of a bump, with the same message', () => {
    const plan = planWrite({ committed: report(base()), current: withDeploymentCall(), version: '1.0.1' });
    expect(plan).toEqual({
      write: false,
      message:
        "refused: shared-contracts' public surface changed since 1.0.0 " +
        '(added: ApiClient.admin.deployments, DEPLOYABLE_APPS): ' +
        'a MINOR bump is needed — set "version" to 1.1.0 in shared-contracts/package.json (it says 1.0.1), ' +
        'then run npm run surface:write -w shared-contracts',
    });
  });

  it('records the new surface at the bumped version', () => {
    const plan = planWrite({ committed: report(base()), current: withDeploymentCall(), version: '1.1.0' });
    expect(plan).toMatchObject({ write: true, report: { version: '1.1.0', entryPoints: withDeploymentCall() } });
  });

  it('records a patch release of the same surface, and refuses a version lower than the report', () => {
    expect(planWrite({ committed: report(base()), current: base(), version: '1.0.1' })).toMatchObject({
      write: true,
      report: { version: '1.0.1' },
    });
    const lower = planWrite({ committed: report(base(), '1.0.1'), current: base(), version: '1.0.0' });
    expect(lower).toMatchObject({ write: false });
  });
});

describe('the committed surface.json', () => {
  const packageDir = path.join(__dirname, '..');
  const surface = (...args: string[]) => {
    const run = spawnSync(process.execPath, ['scripts/surface.mjs', ...args], { cwd: packageDir, encoding: 'utf8' });
    return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() };
  };

  it("describes the current source at package.json's version (npm run surface)", () => {
    expect(surface()).toEqual({
      status: 0,
      output: expect.stringMatching(/^shared-contracts' public surface matches/),
    });
  });

  it('a name missing from the report makes the check fail and ask for a MINOR bump', () => {
    const committed = JSON.parse(readFileSync(path.join(packageDir, 'surface.json'), 'utf8')) as SurfaceReport;
    delete committed.entryPoints['./ui'].formatCount;
    const dir = mkdtempSync(path.join(tmpdir(), 'surface-'));
    try {
      const file = path.join(dir, 'surface.json');
      writeFileSync(file, JSON.stringify(committed));
      const { status, output } = surface('--report', file);
      expect(status).toBe(1);
      expect(output).toContain(`(added: ui/formatCount): a MINOR bump is needed`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
