/**
 * The compatibility gate (DESIGN.md §5): a remote goes live only when the live shell provides every
 * shared package it requires, in a version its range accepts, and when the modules it exposes are the
 * ones the shell's route table loads from it (a page the shell routes to must exist; a page no route
 * loads means the shell that routes to it is not live yet). A new shell is checked the same way against
 * every live and canary remote. Pure functions: the caller reads the builds (builds.ts).
 */
import semver from 'semver';
import type { RemoteBuild, ShellBuild } from './builds';

export interface GateProblem {
  /** What is unmet: a package ('shared-contracts') or an exposed module ('mf_stores/StoreListPage'). */
  subject: string;
  message: string;
}

/** 'react/jsx-runtime' → 'react', '@scope/pkg/sub' → '@scope/pkg'. */
export function packageOf(name: string): string {
  const parts = name.split('/');
  return name.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

export interface GateLabels {
  /** How the remote build is named in messages, e.g. 'mf_stores 1.1.0-ab12'. */
  remote: string;
  /** How the shell is named, e.g. 'the live shell (dist)' or 'the new shell 1.1.0-cd34'. */
  shell: string;
}

/** Every way `remote` and `shell` do not fit together; none means the remote may go live beside that shell. */
export function checkRemoteAgainstShell(remote: RemoteBuild, shell: ShellBuild, labels: GateLabels): GateProblem[] {
  const problems: GateProblem[] = [];
  const reported = new Set<string>();
  for (const { name, range } of remote.requires) {
    const pkg = packageOf(name);
    const provided = shell.provides[name] ?? shell.provides[pkg];
    const key = `${pkg} ${range}`;
    if (reported.has(key)) continue;
    if (provided === undefined) {
      reported.add(key);
      problems.push({ subject: pkg, message: `${labels.remote} needs ${pkg} ${range}; ${labels.shell} does not share it` });
    } else if (!semver.satisfies(provided, range, { includePrerelease: true })) {
      reported.add(key);
      problems.push({ subject: pkg, message: `${labels.remote} needs ${pkg} ${range}; ${labels.shell} provides ${provided}` });
    }
  }

  const loaded = new Set(shell.loads[remote.app] ?? []);
  const exposed = new Set(remote.exposes);
  for (const module of loaded) {
    if (!exposed.has(module)) {
      problems.push({
        subject: `${remote.app}/${module}`,
        message: `${labels.shell} loads ${remote.app}/${module}, which ${labels.remote} does not expose`,
      });
    }
  }
  for (const module of exposed) {
    if (!loaded.has(module)) {
      problems.push({
        subject: `${remote.app}/${module}`,
        message: `${labels.remote} exposes ${remote.app}/${module}, which the route table of ${labels.shell} does not load`,
      });
    }
  }
  return problems;
}
