// Exposed to the shell as './StoreDetailPage' (route /stores/:id).
export { default } from '../features/store-detail/StoreDetailPage';
