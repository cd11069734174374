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
const rootPackage = require('../package.json');
const sharedContractsPackage = require('../shared-contracts/package.json');

function versionOf(name) {
  const version = { ...rootPackage.dependencies, ...rootPackage.devDependencies }[name];
  if (!version) throw new Error(`${name} must be pinned in the root package.json`);
  return version;
}

function singleton(version) {
  return { singleton: true, requiredVersion: `^${version}` };
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
    'shared-contracts': { ...singleton(contracts), version: contracts },
    'shared-contracts/': { ...singleton(contracts), version: contracts },
  };
}

/** Packages browser code must reach only through `shared-contracts/react` (see above). */
const ROUTER_PACKAGES = ['react-router', 'react-router-dom'];

module.exports = { sharedLibraries, ROUTER_PACKAGES };
