// Exposed to the shell as './AdminModerationPage' (route /admin/moderation).
export { default } from '../features/moderation/AdminModerationPage';
