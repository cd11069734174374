/**
 * The release commands (DESIGN.md §5; README "One team, one remote"): publish the shell or a remote as
 * an immutable version, for everyone or as a canary; promote, abort, roll back; check a build against
 * the compatibility gate; show what is live. They change `<releases>/deployments.json`, which every API
 * process reads per request: nothing is restarted, no other app is rebuilt.
 *
 *   npm run publish:remote -- <app> [--from <build>] [--version <name>] [--canary <percent>]
 *   npm run publish:shell -- [--from <build>] [--version <name>]
 *   npm run promote:remote -- <app>          npm run abort:remote -- <app>
 *   npm run rollback:remote -- <app>         npm run rollback:shell
 *   npm run gate -- <app> [--from <build>]   npm run releases
 *
 * <app> is `shell`, a folder (mf-stores), an area (stores) or a federation name (mf_stores). Every
 * command takes --releases-dir (or RELEASES_DIR; default <repo>/releases) and --by <who> (default
 * cli:<user>), which the history records. A refusal exits 1 and changes nothing.
 */
import os from 'node:os';
import path from 'node:path';
import { APP_FOLDERS, BUILT_IN_VERSION, DEPLOYABLE_APPS } from 'shared-contracts';
import { GateError, ReleaseError, Releases, resolveApp } from '../src/deployments/releases';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const COMMANDS = ['publish', 'gate', 'promote', 'abort', 'rollback', 'status'] as const;
type Command = (typeof COMMANDS)[number];
const VALUE_OPTIONS = ['from', 'version', 'canary', 'by', 'releases-dir', 'site-dir'] as const;
type Options = Partial<Record<(typeof VALUE_OPTIONS)[number], string>>;

function parse(argv: string[]): { command: Command; app?: string; options: Options } {
  const [command, ...rest] = argv;
  if (!COMMANDS.includes(command as Command)) throw new ReleaseError(`usage: deploy.ts ${COMMANDS.join('|')} <app> [options]`);
  const options: Options = {};
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i]!;
    if (arg.startsWith('--')) {
      const name = arg.slice(2) as (typeof VALUE_OPTIONS)[number];
      if (!VALUE_OPTIONS.includes(name)) throw new ReleaseError(`unknown option ${arg}`);
      const value = rest[i + 1];
      if (value === undefined || value.startsWith('--')) throw new ReleaseError(`${arg} needs a value`);
      options[name] = value;
      i += 1;
    } else {
      positional.push(arg);
    }
  }
  if (positional.length > 1) throw new ReleaseError(`one app at a time (got ${positional.join(', ')})`);
  return { command: command as Command, app: positional[0], options };
}

function canaryPercent(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new ReleaseError(`--canary takes a share of browsers from 1 to 99 (got "${raw}")`);
  return Number(raw);
}

function printStatus(releases: Releases): void {
  const state = releases.state();
  console.log(`releases in ${releases.releasesDir}`);
  for (const app of DEPLOYABLE_APPS) {
    const own = releases.appState(app, state);
    const canary = own.canary ? `; canary ${own.canary.version} for ${own.canary.percent}% since ${own.canary.since}` : '';
    const back = releases.rollbackTarget(app);
    console.log(
      `  ${APP_FOLDERS[app].padEnd(12)} live ${own.live?.version ?? `${BUILT_IN_VERSION} (its own build)`}${canary}${back ? `; rolls back to ${back}` : ''}`,
    );
  }
  const recent = state.history.slice(-10).reverse();
  if (recent.length > 0) console.log('latest changes:');
  for (const entry of recent) {
    console.log(`  ${entry.at} ${entry.app} ${entry.action} ${entry.version} by ${entry.by}${entry.note ? ` (${entry.note})` : ''}`);
  }
}

function main(argv: string[]): void {
  const { command, app: id, options } = parse(argv);
  const siteDir = path.resolve(options['site-dir'] ?? (process.env.SITE_DIR?.trim() || REPO_ROOT));
  const releases = new Releases({
    releasesDir: path.resolve(options['releases-dir'] ?? (process.env.RELEASES_DIR?.trim() || path.join(siteDir, 'releases'))),
    siteDir,
  });
  if (command === 'status') return printStatus(releases);
  if (!id) throw new ReleaseError(`which app? one of: ${Object.values(APP_FOLDERS).join(', ')}`);
  const app = resolveApp(id);
  const by = options.by ?? `cli:${os.userInfo().username}`;
  const roll = app === 'shell' ? 'rollback:shell' : `rollback:remote -- ${APP_FOLDERS[app]}`;

  switch (command) {
    case 'gate': {
      const from = path.resolve(options.from ?? releases.buildDir(app, BUILT_IN_VERSION));
      const problems = releases.check(app, from);
      if (problems.length > 0) throw new GateError(`${app} (${from})`, problems);
      console.log(`the gate accepts ${app} from ${from}: every shared requirement and page fits the live versions`);
      return;
    }
    case 'publish': {
      const result = releases.publish(app, {
        ...(options.from ? { from: options.from } : {}),
        ...(options.version ? { version: options.version } : {}),
        ...(options.canary !== undefined ? { canaryPercent: canaryPercent(options.canary) } : {}),
        by,
      });
      console.log(`${result.reused ? 'already published' : 'published'} ${result.folder}`);
      if (result.canaryPercent !== null) {
        console.log(
          `${app} ${result.version} is the canary for ${result.canaryPercent}% of browsers (${result.previous} stays live for the rest)`,
        );
        console.log(`promote: npm run promote:remote -- ${APP_FOLDERS[app]}   abort: npm run abort:remote -- ${APP_FOLDERS[app]}`);
      } else {
        console.log(`${app} is live at ${result.version} (was ${result.previous}); roll back with: npm run ${roll}`);
      }
      return;
    }
    case 'promote':
      console.log(releases.promote(app, by).message);
      return;
    case 'abort':
      console.log(releases.abort(app, by).message);
      return;
    case 'rollback':
      console.log(releases.rollback(app, by).message);
      return;
  }
}

try {
  main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(`deploy: ${error.message}`);
  process.exit(1);
}
