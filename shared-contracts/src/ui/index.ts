// The UI kit every remote shares (DESIGN.md §3, §6: everything shared goes through shared-contracts).
// Each component styles itself with a CSS Module next to it, using the shell's design tokens (CSS
// custom properties); the apps' webpack turns `*.module.css` into scoped class names. Components import
// the rest of shared-contracts by package name ('shared-contracts'), never by path, so that the apps get
// it from its one shared copy instead of a second one bundled in here.
export * from './AverageBadge';
export * from './Button';
export * from './Card';
export * from './CitySelect';
export * from './ConfirmDialog';
export * from './describedBy';
export * from './Fields';
export * from './FormAlert';
export * from './Icon';
export * from './ListWindow';
export * from './Modal';
export * from './Page';
export * from './Pagination';
export * from './RatingDistribution';
export * from './RatingReply';
export * from './ReplyForm';
export * from './Skeleton';
export * from './Spinner';
export * from './StarRatingInput';
export * from './Stars';
export * from './StatusPanels';
export * from './Table';
export * from './useDocumentTitle';
export * from './useFormError';
export * from './VisuallyHidden';
// The form classes (form, field, label, input, textarea, select, meta, hint, counter, counterOver, passwordWrap,
// toggle, icon, alert, required, optional, fieldError, row, actions), for a form's own layout around the fields.
export { default as formStyles } from './Form.module.css';
// The table cell helpers (wrap, nowrap, muted, actions), for TableColumn.className and a row's action group.
export { default as tableStyles } from './Table.module.css';
