/**
 * The zod schemas of every request and response (`shared-contracts/schemas`): what the API validates
 * with and documents from. Server-side and test code import them from here. The request bodies and
 * their fields (requests.ts, fields.ts) are `zod/mini`, and the root entry's forms (src/forms.ts)
 * validate with them; everything else here is classic zod, which the browser never loads.
 */
export * from './fields';
export * from './requests';
export * from './queries';
export * from './responses';
export * from './deployments';
export * from './notifications';
export { firstIssueMessage } from './first-issue';
// Plain constants the schemas are built from (they live in ../constants): here too, beside the schemas.
export {
  ADMIN_STORE_SORT_FIELDS,
  ADMIN_USER_SORT_FIELDS,
  MAX_ID,
  MY_RATINGS_PAGE_SIZE,
  MY_RATINGS_SORT_FIELDS,
  OWNER_RATING_DEFAULT_SORT,
  OWNER_RATING_SORT_FIELDS,
  STORE_SORT_FIELDS,
} from '../constants';
