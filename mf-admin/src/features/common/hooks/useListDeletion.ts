/**
 * Deleting a row of a paginated admin list: call the API, toast the outcome, step back a page when
 * the last row of a later page went, otherwise reload, and move focus to the page heading (the row
 * and its buttons are gone).
 */
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from 'shared-contracts';

export interface ListDeletionOptions {
  /** Rows on the current page before the deletion. */
  rowsOnPage: number;
  page: number;
  goToPage: (page: number) => void;
  reload: () => void;
  successMessage: string;
  failureMessage: string;
}

export function useListDeletion(options: ListDeletionOptions) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [deleting, setDeleting] = useState(false);
  const [focusHeading, setFocusHeading] = useState(0);

  useEffect(() => {
    if (focusHeading > 0) headingRef.current?.focus();
  }, [focusHeading]);

  /** Runs `remove`; `done` runs afterwards whatever the outcome (closes the dialog). */
  const deleteRow = async (remove: () => Promise<unknown>, done: () => void) => {
    setDeleting(true);
    try {
      await remove();
      toast.success(options.successMessage);
      setFocusHeading((n) => n + 1);
      if (options.rowsOnPage === 1 && options.page > 1) options.goToPage(options.page - 1);
      else options.reload();
    } catch (err) {
      toast.error(errorMessage(err, options.failureMessage));
    } finally {
      setDeleting(false);
      done();
    }
  };

  return { headingRef, deleting, deleteRow };
}
