// What the shell loads for this route: the page component as the default export.
export { ResetPasswordPage as default } from '../features/account-recovery/components/ResetPasswordPage';
