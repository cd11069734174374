// Exposed to the shell as './AdminDashboardPage' (route /admin).
export { default } from '../features/dashboard/AdminDashboardPage';
