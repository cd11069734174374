// What the shell loads for this route: the page component as the default export.
export { ForgotPasswordPage as default } from '../features/account-recovery/components/ForgotPasswordPage';
