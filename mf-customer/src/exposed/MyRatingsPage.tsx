// Exposed to the shell as './MyRatingsPage' (route /ratings).
export { default } from '../features/my-ratings/MyRatingsPage';
