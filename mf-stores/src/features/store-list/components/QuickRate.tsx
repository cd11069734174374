/**
 * Rating a store straight from its card: the reader's own stars when they rated it, and a small popover
 * (a non-modal dialog) with the store page's rating form: the same stars, comment, rules, messages and
 * toasts. A store already rated is edited, its comment kept (the popover reads the rating first).
 * Escape or Cancel closes it and gives focus back to its button; a click elsewhere closes it too.
 */
import { useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { MESSAGES, starsCount, type StoreListItem } from 'shared-contracts';
import { Button, ErrorState, Stars } from 'shared-contracts/ui';
import { useSaveRating } from '../../own-rating/api/mutations';
import { useMyRating } from '../../own-rating/api/queries';
import { RatingForm, ratingFormValues } from '../../own-rating/components/RatingForm';
import styles from './QuickRate.module.css';

export function QuickRate({ store }: { store: StoreListItem }) {
  const [open, setOpen] = useState(false);
  const rated = store.my_rating !== null;
  // The comment of a rating made before: asked for only when its popover opens.
  const mine = useMyRating(store.id, open && rated);
  const save = useSaveRating(store.id);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const popoverId = useId();
  const titleId = useId();
  const ready = open && (!rated || mine.isSuccess);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  // Escape closes it (focus back on the button); a press outside it and its button closes it.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !save.isPending) {
        event.stopPropagation();
        close(true);
      }
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popoverRef.current?.contains(target) && !triggerRef.current?.contains(target) && !save.isPending) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, save.isPending]);

  // Focus moves into the form once it is there: to the chosen star.
  useEffect(() => {
    if (!ready) return;
    const radios = formRef.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]');
    (Array.from(radios ?? []).find((r) => r.checked) ?? radios?.[0])?.focus();
  }, [ready]);

  const submit = (body: { rating: number; comment: string | null }) => {
    save.mutate(
      { ratingId: mine.data?.id ?? null, body },
      {
        onSuccess: (result) => {
          const updated = rated || result.message === MESSAGES.ratingUpdated;
          toast.success(updated ? MESSAGES.ratingUpdated : MESSAGES.ratingSubmitted);
          close(true);
        },
      },
    );
  };

  return (
    <div className={styles.quick}>
      {rated && (
        <span className={styles.mine}>
          <span className={styles.mineLabel} aria-hidden="true">
            You
          </span>
          <Stars value={store.my_rating ?? 0} size="sm" label={`Your rating: ${starsCount(store.my_rating ?? 0)} out of 5`} />
        </span>
      )}
      <Button
        ref={triggerRef}
        variant="secondary"
        size="sm"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        aria-label={rated ? `Change rating of ${store.name}` : `Rate ${store.name}`}
        onClick={() => (open ? close(true) : setOpen(true))}
      >
        {rated ? 'Change rating' : 'Rate'}
      </Button>

      {open && (
        <div ref={popoverRef} id={popoverId} role="dialog" aria-labelledby={titleId} className={styles.popover}>
          <h4 id={titleId} className={styles.title}>
            {rated ? 'Update your rating of' : 'Rate'} {store.name}
          </h4>
          {rated && mine.isPending && (
            <p role="status" className={styles.muted}>
              Loading your rating…
            </p>
          )}
          {rated && mine.isError && (
            <ErrorState compact message="Your rating could not be loaded." onRetry={() => void mine.refetch()} retrying={mine.isFetching} />
          )}
          {ready && (
            <RatingForm
              formRef={formRef}
              initial={ratingFormValues(mine.data ?? null)}
              editing={rated}
              onSubmit={submit}
              onCancel={() => close(true)}
              saving={save.isPending}
            />
          )}
        </div>
      )}
    </div>
  );
}
