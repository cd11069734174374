import { SelectField } from 'shared-contracts/ui';
import { REVIEW_ORDERS, type ReviewOrder, type ReviewView } from '../review-view';
import styles from './ReviewControls.module.css';

export interface ReviewControlsProps {
  view: ReviewView;
  onChange: (view: ReviewView) => void;
}

/** The reviews' order and the "with a comment only" filter (the star filter is the histogram's). */
export function ReviewControls({ view, onChange }: ReviewControlsProps) {
  return (
    <div className={styles.controls}>
      <SelectField
        label="Sort reviews"
        fieldClassName={styles.field}
        className={styles.select}
        value={view.order}
        onValueChange={(order) => onChange({ ...view, order: order as ReviewOrder })}
      >
        {REVIEW_ORDERS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SelectField>
      <label className={styles.check}>
        <input type="checkbox" checked={view.withComment} onChange={(event) => onChange({ ...view, withComment: event.target.checked })} />
        With a comment only
      </label>
    </div>
  );
}
