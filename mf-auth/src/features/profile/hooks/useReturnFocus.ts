/**
 * Moves focus when a section switches between its view and its form: into the form's first field
 * when it opens, back to the button that opened it when it closes. Nothing moves on first render.
 */
import { type RefObject, useEffect, useRef } from 'react';

export function useReturnFocus(open: boolean, firstField: RefObject<HTMLElement | null>, opener: RefObject<HTMLElement | null>) {
  const previous = useRef(open);
  useEffect(() => {
    if (previous.current === open) return;
    previous.current = open;
    (open ? firstField : opener).current?.focus();
  }, [open, firstField, opener]);
}
