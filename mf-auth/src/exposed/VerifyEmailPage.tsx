// What the shell loads for this route: the page component as the default export.
export { VerifyEmailPage as default } from '../features/email-verification/components/VerifyEmailPage';
