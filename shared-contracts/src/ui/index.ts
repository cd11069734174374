// The UI kit every remote shares (DESIGN.md §3, §6: everything shared goes through shared-contracts).
// Each component styles itself with a CSS Module next to it, using the shell's design tokens (CSS
// custom properties); the apps' webpack turns `*.module.css` into scoped class names. Components import
// the rest of shared-contracts by package name ('shared-contracts'), never by path, so that the apps get
// it from its one shared copy instead of a second one bundled in here.
export * from './AverageBadge';
export * from './FormAlert';
export * from './ListWindow';
export * from './Pagination';
export * from './RatingDistribution';
export * from './Spinner';
export * from './StarRatingInput';
export * from './Stars';
// The form field classes (form, field, label, input, textarea, meta, counter, passwordWrap, toggle, icon, alert).
export { default as formStyles } from './Form.module.css';
