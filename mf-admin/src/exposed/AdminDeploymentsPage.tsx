// Exposed to the shell as './AdminDeploymentsPage' (route /admin/deployments).
export { default } from '../features/deployments/AdminDeploymentsPage';
