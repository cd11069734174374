// `shared-contracts/standalone`: what a remote needs to run alone in development. Its own entry, so the
// composed site never downloads it.
export * from './StandaloneHarness';
