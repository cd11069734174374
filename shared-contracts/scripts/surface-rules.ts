/**
 * The rules of shared-contracts' version (DESIGN.md §5, "Delivering a remote"): how two surface reports
 * differ, which semver bump that difference needs, and what `npm run surface` / `surface:write` say about
 * it. Pure data in, data out: scripts/surface.mjs reads the surface with the TypeScript compiler and
 * loads this module (it transpiles it, so this file imports nothing); test/surface.test.ts tests it.
 *
 * A report lists, per entry point ('.', './react', …), every exported name with its kind and type. A
 * type with a structure of its own (an object, an interface, a function's anonymous parameter or
 * result, a generic's anonymous argument) lists its members, so a new member is an addition, not a
 * change of the whole type:
 *   member keys:  `name`, `name?` (optional), `readonly name`, `[key: string]` (index signature),
 *                 `(param)` and `()` (a function's parameter and result), `[]` (an array's element),
 *                 `<T>` (a generic's argument), `new` (a class's constructor), `prototype` (its instances).
 */

export type SurfaceKind = 'value' | 'function' | 'class' | 'type' | 'interface' | 'enum';

/** A member's type: its text alone, or its text (with `{ … }` where its structure is) and that structure. */
export type SurfaceShape = string | SurfaceComposite;

export interface SurfaceComposite {
  type: string;
  members: SurfaceMembers;
}

export interface SurfaceMembers {
  [key: string]: SurfaceShape;
}

export interface SurfaceEntry {
  kind: SurfaceKind;
  type: string;
  members?: SurfaceMembers;
  /** A value re-exported with `export type` (usable in types, `typeof x`, but not at run time). */
  typeOnly?: true;
}

export interface SurfaceEntryPoint {
  [name: string]: SurfaceEntry;
}

export interface SurfaceReport {
  version: string;
  entryPoints: { [entryPoint: string]: SurfaceEntryPoint };
}

export type Bump = 'major' | 'minor' | 'patch';

/** What changed between two surfaces, by path (`ApiClient.admin.deployments`, `schemas/storeSchema`). */
export interface SurfaceDiff {
  added: string[];
  removed: string[];
  /** Kind or type changed (an optional member that became required, a parameter's type, …). */
  changed: string[];
}

/** The package and the commands the messages name. */
export const PACKAGE_NAME = 'shared-contracts';
export const WRITE_COMMAND = 'npm run surface:write -w shared-contracts';
const PACKAGE_FILE = 'shared-contracts/package.json';
const REPORT_FILE = 'shared-contracts/surface.json';
/** How many names of each category a message shows. */
const NAMES_SHOWN = 5;

// ---------- diff ----------

interface Fact {
  text: string;
  typeOnly: boolean;
  /** 0 for the root entry point's names, 1 for the others': messages name the root's first. */
  rank: number;
  /** The path of the name or member this one is a member of. */
  parent?: string;
}

function isComposite(shape: SurfaceShape): shape is SurfaceComposite {
  return typeof shape !== 'string';
}

/** `name?` → name and '?' ; `readonly name` → name and 'readonly' (the modifiers are part of the type). */
function splitModifiers(key: string): { name: string; modifiers: string } {
  let name = key;
  const modifiers: string[] = [];
  if (name.startsWith('readonly ')) {
    modifiers.push('readonly');
    name = name.slice('readonly '.length);
  }
  if (name.endsWith('?') && !name.startsWith('(')) {
    modifiers.push('optional');
    name = name.slice(0, -1);
  }
  return { name, modifiers: modifiers.join(' ') };
}

/** `a` + `b` → `a.b`; `a` + `()`, `(body)`, `[]`, `<T>`, `[key: string]` → `a()`, `a(body)`, `a[]`, … */
function childPath(parent: string, name: string): string {
  return /^[([<]/.test(name) ? `${parent}${name}` : `${parent}.${name}`;
}

function addMembers(facts: Map<string, Fact>, parent: string, members: SurfaceMembers, rank: number): void {
  for (const [key, shape] of Object.entries(members)) {
    const { name, modifiers } = splitModifiers(key);
    const path = childPath(parent, name);
    const text = isComposite(shape) ? shape.type : shape;
    facts.set(path, { text: modifiers ? `${modifiers} ${text}` : text, typeOnly: false, rank, parent });
    if (isComposite(shape)) addMembers(facts, path, shape.members, rank);
  }
}

function entryPrefix(entryPoint: string): string {
  return entryPoint === '.' ? '' : `${entryPoint.replace(/^\.\//, '')}/`;
}

/** Every name and member of a report as one path each, with its kind and type text. */
export function surfaceFacts(entryPoints: SurfaceReport['entryPoints']): Map<string, Fact> {
  const facts = new Map<string, Fact>();
  for (const entryPoint of Object.keys(entryPoints).sort(byText)) {
    const names = entryPoints[entryPoint];
    const rank = entryPoint === '.' ? 0 : 1;
    for (const name of Object.keys(names).sort(byText)) {
      const entry = names[name];
      const path = `${entryPrefix(entryPoint)}${name}`;
      facts.set(path, { text: `${entry.kind} ${entry.type}`, typeOnly: entry.typeOnly === true, rank });
      if (entry.members) addMembers(facts, path, entry.members, rank);
    }
  }
  return facts;
}

/**
 * What was added, removed and changed from `before` to `after`, in a stable order. A new name is
 * listed alone, not with each of its members; so is a removed one.
 */
export function diffSurfaces(before: SurfaceReport['entryPoints'], after: SurfaceReport['entryPoints']): SurfaceDiff {
  const old = surfaceFacts(before);
  const now = surfaceFacts(after);
  const added: Change[] = [];
  const removed: Change[] = [];
  const changed: Change[] = [];
  for (const [path, fact] of now) {
    const was = old.get(path);
    if (!was) {
      if (fact.parent === undefined || old.has(fact.parent)) added.push({ path, rank: fact.rank });
    } else if (was.text !== fact.text) changed.push({ path, rank: fact.rank });
    else if (was.typeOnly && !fact.typeOnly) added.push({ path: `${path} (as a run-time value)`, rank: fact.rank });
    else if (!was.typeOnly && fact.typeOnly) removed.push({ path: `${path} (as a run-time value)`, rank: fact.rank });
  }
  for (const [path, fact] of old) {
    if (!now.has(path) && (fact.parent === undefined || now.has(fact.parent))) removed.push({ path, rank: fact.rank });
  }
  return { added: inOrder(added), removed: inOrder(removed), changed: inOrder(changed) };
}

interface Change {
  path: string;
  rank: number;
}

/** The root entry point's paths first, then the others', each by path. */
function inOrder(changes: Change[]): string[] {
  return changes.sort((a, b) => a.rank - b.rank || byText(a.path, b.path)).map((change) => change.path);
}

export function isUnchanged(diff: SurfaceDiff): boolean {
  return diff.added.length === 0 && diff.removed.length === 0 && diff.changed.length === 0;
}

/** MAJOR for a removal or a change, MINOR for additions only, PATCH for the same surface. */
export function requiredBump(diff: SurfaceDiff): Bump {
  if (diff.removed.length > 0 || diff.changed.length > 0) return 'major';
  if (diff.added.length > 0) return 'minor';
  return 'patch';
}

// ---------- versions ----------

function parseVersion(version: string): [number, number, number] {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!match) throw new Error(`${PACKAGE_NAME}' version must be MAJOR.MINOR.PATCH, not "${version}"`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Negative when a < b, 0 when equal, positive when a > b. */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

export function bumpVersion(version: string, bump: Bump): string {
  const [major, minor, patch] = parseVersion(version);
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

// ---------- verdicts ----------

export type SurfaceVerdict =
  | { ok: true; message: string }
  | { ok: false; problem: 'missing-report' | 'bump-needed' | 'stale-report' | 'version-behind'; message: string };

interface CheckInput {
  /** The committed report, or null when there is none yet. */
  committed: SurfaceReport | null;
  /** The surface of the source as it is now. */
  current: SurfaceReport['entryPoints'];
  /** package.json's version. */
  version: string;
}

function namesOf(category: string, paths: string[]): string | null {
  if (paths.length === 0) return null;
  const shown = paths.slice(0, NAMES_SHOWN).join(', ');
  const rest = paths.length - NAMES_SHOWN;
  return `${category}: ${shown}${rest > 0 ? `, … (${rest} more)` : ''}`;
}

/** `added: a, b, c, … (12 more); changed: d` */
export function describeDiff(diff: SurfaceDiff): string {
  return [namesOf('added', diff.added), namesOf('removed', diff.removed), namesOf('changed', diff.changed)]
    .filter((part): part is string => part !== null)
    .join('; ');
}

function bumpNeededMessage(committedVersion: string, diff: SurfaceDiff, version: string): string {
  const bump = requiredBump(diff);
  const needed = bumpVersion(committedVersion, bump);
  const now = version === committedVersion ? '' : ` (it says ${version})`;
  return (
    `${PACKAGE_NAME}' public surface changed since ${committedVersion} (${describeDiff(diff)}): ` +
    `a ${bump.toUpperCase()} bump is needed — set "version" to ${needed} in ${PACKAGE_FILE}${now}, ` +
    `then run ${WRITE_COMMAND}`
  );
}

/**
 * `npm run surface`: passes only when the committed report describes the current surface at the
 * package's version. Otherwise says what to do: which bump (and why), or to rewrite the report.
 */
export function checkSurface({ committed, current, version }: CheckInput): SurfaceVerdict {
  if (!committed) {
    return { ok: false, problem: 'missing-report', message: `${REPORT_FILE} is missing: run ${WRITE_COMMAND}` };
  }
  const diff = diffSurfaces(committed.entryPoints, current);
  if (isUnchanged(diff)) {
    const order = compareVersions(version, committed.version);
    if (order === 0) {
      return { ok: true, message: `${PACKAGE_NAME}' public surface matches ${REPORT_FILE} (version ${version})` };
    }
    if (order > 0) {
      return {
        ok: false,
        problem: 'stale-report',
        message:
          `${PACKAGE_NAME}' version is ${version} but ${REPORT_FILE} records ${committed.version} ` +
          `(the public surface is unchanged, so ${version} is a release without surface changes): run ${WRITE_COMMAND}`,
      };
    }
    return {
      ok: false,
      problem: 'version-behind',
      message:
        `${PACKAGE_NAME}' version ${version} is lower than ${committed.version}, which ${REPORT_FILE} records: ` +
        `set "version" in ${PACKAGE_FILE} to ${committed.version} or later`,
    };
  }
  const needed = bumpVersion(committed.version, requiredBump(diff));
  if (compareVersions(version, needed) < 0) {
    return { ok: false, problem: 'bump-needed', message: bumpNeededMessage(committed.version, diff, version) };
  }
  return {
    ok: false,
    problem: 'stale-report',
    message:
      `${PACKAGE_NAME}' public surface changed since ${committed.version} (${describeDiff(diff)}) and version ` +
      `${version} covers it (a ${requiredBump(diff).toUpperCase()} bump): ` +
      `run ${WRITE_COMMAND} to record it in ${REPORT_FILE}`,
  };
}

export type WritePlan = { write: true; report: SurfaceReport; message: string } | { write: false; message: string };

/**
 * `npm run surface:write`: records the current surface at the package's version, unless that version
 * is not enough of a bump over the committed report's for what changed.
 */
export function planWrite({ committed, current, version }: CheckInput): WritePlan {
  parseVersion(version);
  const report: SurfaceReport = { version, entryPoints: current };
  if (!committed) return { write: true, report, message: `${REPORT_FILE} written for version ${version}` };
  const diff = diffSurfaces(committed.entryPoints, current);
  if (isUnchanged(diff)) {
    if (compareVersions(version, committed.version) < 0) {
      return { write: false, message: checkSurface({ committed, current, version }).message };
    }
    return { write: true, report, message: `${REPORT_FILE} written for version ${version} (public surface unchanged)` };
  }
  const bump = requiredBump(diff);
  if (compareVersions(version, bumpVersion(committed.version, bump)) < 0) {
    return { write: false, message: `refused: ${bumpNeededMessage(committed.version, diff, version)}` };
  }
  return {
    write: true,
    report,
    message:
      `${REPORT_FILE} written for version ${version} ` + `(a ${bump.toUpperCase()} bump over ${committed.version}: ${describeDiff(diff)})`,
  };
}

// ---------- ordering ----------

/** Code-unit order: the same on every machine and locale. */
export function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
