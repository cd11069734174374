// The one shared map of every app's Module Federation config (DESIGN.md §5): the same libraries,
// all singletons, so that React, the router, the toaster and shared-contracts (with its AuthContext)
// exist once on the page whatever remote loaded first. Trailing-slash entries share subpaths
// (react/jsx-runtime, react-dom/client, shared-contracts/react).
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
  const router = versionOf('react-router-dom');
  const contracts = sharedContractsPackage.version;
  return {
    react: singleton(react),
    'react/': singleton(react),
    'react-dom': singleton(reactDom),
    'react-dom/': singleton(reactDom),
    'react-router': singleton(router),
    'react-router-dom': singleton(router),
    'react-hot-toast': singleton(versionOf('react-hot-toast')),
    axios: singleton(versionOf('axios')),
    'shared-contracts': { ...singleton(contracts), version: contracts },
    'shared-contracts/': { ...singleton(contracts), version: contracts },
  };
}

module.exports = { sharedLibraries };
