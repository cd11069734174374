export * from './constants';
export * from './roles';
export * from './messages';
export * from './password';
export * from './email';
export * from './city';
export * from './rating-display';
export * from './format';
export * from './forms';
export * from './client/api-client';
export * from './demo-accounts';
export * from './deployments';
export * from './start-data';
export * from './notifications';
// The request and response shapes as types only: the zod schemas themselves are `shared-contracts/schemas`.
// The forms (./forms) validate with the request body schemas, which are `zod/mini`; nothing this entry
// reaches may import classic 'zod' (queries, responses and deployments schemas are classic).
export type * from './schemas/requests';
export type * from './schemas/queries';
export type { storeCategory } from './schemas/fields';
export type * from './schemas/responses';
export type * from './schemas/deployments';
export type * from './schemas/notifications';
