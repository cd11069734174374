// Exposed to the shell as './AdminAnalyticsPage' (route /admin/analytics).
export { default } from '../features/analytics/AdminAnalyticsPage';
