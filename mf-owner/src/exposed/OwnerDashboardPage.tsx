export { default } from '../features/owner-dashboard/OwnerDashboardPage';
