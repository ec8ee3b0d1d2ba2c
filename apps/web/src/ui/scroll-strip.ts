import { useEffect, useLayoutEffect, type RefObject } from 'react';

/** Pixels of slack under which an edge counts as reached (sub-pixel layouts never land on 0 exactly). */
const EDGE = 2;
/** Room kept beside a revealed item: more than the 40 px edge fade (ui.css), so it is never faded. */
const MARGIN = 48;

/**
 * Marks whether a horizontally scrolling strip (tabs, a centre's menu on phones) has more content
 * before or after what is visible (`data-more-start`, `data-more-end`), so CSS can fade that edge and
 * show that it scrolls.
 */
export function markStripOverflow(strip: HTMLElement): void {
  const { scrollLeft, scrollWidth, clientWidth } = strip;
  const start = Math.abs(scrollLeft) > EDGE;
  const end = Math.abs(scrollLeft) + clientWidth < scrollWidth - EDGE;
  strip.toggleAttribute('data-more-start', start);
  strip.toggleAttribute('data-more-end', end);
}

/**
 * Scrolls the strip itself (never the page) so the element is wholly visible, with a little room to
 * show its neighbour.
 */
export function revealInStrip(strip: HTMLElement, item: HTMLElement, margin = MARGIN): void {
  if (strip.scrollWidth <= strip.clientWidth) return;
  const stripBox = strip.getBoundingClientRect();
  const itemBox = item.getBoundingClientRect();
  if (itemBox.left < stripBox.left + margin) strip.scrollLeft -= stripBox.left + margin - itemBox.left;
  else if (itemBox.right > stripBox.right - margin)
    strip.scrollLeft += itemBox.right - (stripBox.right - margin);
}

/**
 * A strip whose active item (`[aria-selected="true"]`, `[aria-current]` or `.is-active`) is always
 * scrolled into view, and whose hidden edges are marked. `activeKey` changes when the selection does.
 */
export function useScrollStrip(ref: RefObject<HTMLElement | null>, activeKey: string | undefined): void {
  const reveal = () => {
    const strip = ref.current;
    if (!strip) return;
    const active = strip.querySelector<HTMLElement>('[aria-selected="true"], [aria-current], .is-active');
    if (active) revealInStrip(strip, active);
    markStripOverflow(strip);
  };
  // Before paint; and again after the effects of the children (a dialog moving focus into the strip
  // scrolls it, leaving the active item at the faded edge).
  useLayoutEffect(reveal, [ref, activeKey]);
  useEffect(reveal, [ref, activeKey]);

  useLayoutEffect(() => {
    const strip = ref.current;
    if (!strip) return;
    const update = () => markStripOverflow(strip);
    strip.addEventListener('scroll', update, { passive: true });
    // Width changes (rotation, a font loading, the language) change what overflows.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(strip);
    return () => {
      strip.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref]);
}
