// What the shell loads for this route: the page component as the default export.
export { RegisterPage as default } from '../features/register/components/RegisterPage';
