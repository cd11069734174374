// Exposed to the shell as './CustomerDashboardPage' (route /user-dashboard).
export { default } from '../features/dashboard/CustomerDashboardPage';
