// The UI kit every remote shares (DESIGN.md §3, §6: everything shared goes through shared-contracts).
// Each component styles itself with a CSS Module next to it, using the shell's design tokens (CSS
// custom properties); the apps' webpack turns `*.module.css` into scoped class names.
export * from './AverageBadge';
export * from './Pagination';
export * from './Spinner';
export * from './StarRatingInput';
export * from './Stars';
