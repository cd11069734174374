// What the shell loads for this route: the page component as the default export.
export { ProfilePage as default } from '../features/profile/components/ProfilePage';
