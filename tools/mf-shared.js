// The one shared map of every app's Module Federation config (DESIGN.md §5): the same libraries,
// all singletons, so that React, the router, the toaster and shared-contracts (with its AuthContext)
// exist once on the page whatever remote loaded first. Trailing-slash entries share subpaths
// (react/jsx-runtime, react-dom/client, shared-contracts/react).
//
// The router is not shared as a package: a shared library is bundled whole (webpack cannot know which
// exports another app will use), and react-router is 190 KB of it. It is shared through the
// `shared-contracts/react` singleton instead, which re-exports the router API the apps use; webpack
// bundles react-router inside that entry, tree-shaken to those exports, and the page still has one
// router (one set of contexts). Browser code imports the router only from there (tools/webpack-app.js
// fails a build that imports react-router or react-router-dom directly).
//
// What each build records (its mf-manifest.json `shared[]`, which the release gate reads): the version
// it carries (`version`) and the range it needs from the page's copy (`requiredVersion`). Libraries need
// `^<the version installed>`. shared-contracts needs `^<major>.<minor>.0` of its own version: its version
// follows its public surface (shared-contracts/surface.json and `npm run surface`: a patch release never
// changes the surface, a minor one adds to it, a major one removes or changes something), so a remote
// built at 1.1.3 uses nothing that 1.1.0 lacks and runs with any 1.x shell from 1.1.0 on.
const rootPackage = require('../package.json');
const sharedContractsPackage = require('shared-contracts/package.json');

function versionOf(name) {
  const version = { ...rootPackage.dependencies, ...rootPackage.devDependencies }[name];
  if (!version) throw new Error(`${name} must be pinned in the root package.json`);
  return version;
}

function singleton(version) {
  return { singleton: true, requiredVersion: `^${version}` };
}

/** `^major.minor.0` of a contract version: patch releases have the same surface (see above). */
function contractRange(version) {
  const match = /^(\d+)\.(\d+)\.\d+$/.exec(version);
  if (!match) throw new Error(`shared-contracts' version must be MAJOR.MINOR.PATCH, not ${version}`);
  return `^${match[1]}.${match[2]}.0`;
}

function contractsSingleton(version) {
  return { singleton: true, requiredVersion: contractRange(version), version };
}

function sharedLibraries() {
  const react = versionOf('react');
  const reactDom = versionOf('react-dom');
  const contracts = sharedContractsPackage.version;
  return {
    react: singleton(react),
    'react/': singleton(react),
    'react-dom': singleton(reactDom),
    'react-dom/': singleton(reactDom),
    'react-hot-toast': singleton(versionOf('react-hot-toast')),
    axios: singleton(versionOf('axios')),
    '@tanstack/react-query': singleton(versionOf('@tanstack/react-query')),
    'shared-contracts': contractsSingleton(contracts),
    'shared-contracts/': contractsSingleton(contracts),
  };
}

/** Packages browser code must reach only through `shared-contracts/react` (see above). */
const ROUTER_PACKAGES = ['react-router', 'react-router-dom'];

module.exports = { sharedLibraries, ROUTER_PACKAGES };
