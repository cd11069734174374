// Exposed to the shell as './AdminUsersPage' (route /admin/users).
export { default } from '../features/users/AdminUsersPage';
