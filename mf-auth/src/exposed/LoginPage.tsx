// What the shell loads for this route: the page component as the default export.
export { LoginPage as default } from '../features/login/components/LoginPage';
