/**
 * The zod schemas of every request and response (`shared-contracts/schemas`): what the API validates
 * with and documents from. Server-side and test code import them from here.
 */
export * from './fields';
export * from './requests';
export * from './responses';
