// Exposed to the shell as './StoreListPage' (route /stores).
export { default } from '../features/store-list/StoreListPage';
