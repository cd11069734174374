export * from './constants';
export * from './roles';
export * from './messages';
export * from './password';
export * from './email';
export * from './rating-display';
export * from './forms';
export * from './client/api-client';
export * from './demo-accounts';
export * from './deployments';
// The request and response shapes as types only: the zod schemas themselves are `shared-contracts/schemas`,
// so importing this entry never brings zod into a browser bundle.
export type * from './schemas/requests';
export type * from './schemas/responses';
export type * from './schemas/deployments';
