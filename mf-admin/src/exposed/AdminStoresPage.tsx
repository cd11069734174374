// Exposed to the shell as './AdminStoresPage' (route /admin/stores).
export { default } from '../features/stores/AdminStoresPage';
