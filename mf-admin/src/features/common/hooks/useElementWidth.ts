import { type RefObject, useEffect, useState } from 'react';

/**
 * The rendered width of an element in CSS pixels, followed as it resizes, so an SVG chart can lay
 * itself out at 1:1 scale (legible text on a 360 px phone and on a wide screen alike).
 * `fallback` is used until it is measured, and where ResizeObserver does not exist.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>, fallback: number): number {
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = (measured: number) => {
      if (measured > 0) setWidth(Math.round(measured));
    };
    measure(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => measure(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
