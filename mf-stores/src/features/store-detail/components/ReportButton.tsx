/**
 * "Report" for a rating or its reply: a dialog asks why (a reason from REPORT_REASONS), sends the report
 * and says it was taken. A reader reports each thing once: after a report (or the API's "already
 * reported") the button says "Reported" and stays disabled. Focus returns to the button on close.
 */
import { useId, useState } from 'react';
import {
  errorMessage,
  errorStatus,
  MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTarget,
} from 'shared-contracts';
import { Button, FormAlert, Modal } from 'shared-contracts/ui';
import { useReport } from '../api/feedback';
import styles from './RatingFeedback.module.css';

export interface ReportButtonProps {
  ratingId: number;
  target: ReportTarget;
  /** Whose rating it is (for the reply: whose rating it answers), in the button's accessible name. */
  author: string;
}

export function ReportButton({ ratingId, target, author }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  // What the API said of this reader's report (sent, or sent before): the button stays "Reported".
  const [outcome, setOutcome] = useState<string | null>(null);
  const done = outcome !== null;
  const label = target === 'rating' ? `rating by ${author}` : `reply to ${author}`;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className={styles.report}
        disabled={done && !open}
        onClick={() => setOpen(true)}
        aria-label={done ? `Reported ${label}` : `Report ${label}`}
      >
        {done ? 'Reported' : 'Report'}
      </Button>
      {open && <ReportDialog ratingId={ratingId} target={target} outcome={outcome} onOutcome={setOutcome} onClose={() => setOpen(false)} />}
    </>
  );
}

interface ReportDialogProps {
  ratingId: number;
  target: ReportTarget;
  outcome: string | null;
  onOutcome: (message: string) => void;
  onClose: () => void;
}

/** The reasons, and the report sent; mounted only while open (a list of 1,000 ratings holds no mutation each). */
function ReportDialog({ ratingId, target, outcome, onOutcome, onClose }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const report = useReport();
  const errorId = useId();
  const what = target === 'rating' ? 'rating' : 'reply';

  const send = () => {
    if (!reason) {
      setProblem(MESSAGES.reportReasonRequired);
      return;
    }
    setProblem(null);
    report.mutate(
      { ratingId, target, reason },
      {
        onSuccess: (result) => onOutcome(result.message),
        onError: (error) => {
          if (errorStatus(error) === 409) onOutcome(MESSAGES.alreadyReported);
          else setProblem(errorMessage(error, MESSAGES.reportFailed));
        },
      },
    );
  };

  return (
    <Modal title={`Report this ${what}`} onClose={onClose} busy={report.isPending} size="narrow">
      {outcome !== null ? (
        <div className={styles.reportDone}>
          <p role="status">{outcome}</p>
          <Button onClick={onClose}>Done</Button>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <fieldset className={styles.reasons} aria-describedby={problem ? errorId : undefined}>
            <legend className={styles.legend}>Why should a moderator look at this {what}?</legend>
            {REPORT_REASONS.map((r) => (
              <label key={r} className={styles.reason}>
                <input
                  type="radio"
                  name="reason"
                  value={r}
                  checked={reason === r}
                  onChange={() => {
                    setReason(r);
                    setProblem(null);
                  }}
                />
                {REPORT_REASON_LABELS[r]}
              </label>
            ))}
          </fieldset>
          <FormAlert id={errorId} message={problem} />
          <div className={styles.reportActions}>
            <Button type="button" variant="secondary" onClick={onClose} disabled={report.isPending}>
              Cancel
            </Button>
            <Button type="submit" busy={report.isPending} busyLabel="Sending…">
              Send report
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
