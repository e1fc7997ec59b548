import { useEffect, useState } from 'react';

/** Spec section 9: dropdowns open on hover above this width, on click otherwise. */
export const hoverDropdownMinWidth = 1200;
/** Spec sections 4 and 9: a resize counts as finished this long after its last event. */
export const resizeSettleMs = 200;
/** Spec section 9: the scroll-to-top button shows after this much scroll. */
export const scrollTopThreshold = 300;

function widthAllowsHover(): boolean {
  return window.innerWidth > hoverDropdownMinWidth;
}

/**
 * Whether the top bar's dropdowns open on hover: above 1200 px, recomputed 200 ms after the last
 * resize event rather than on every event of a drag.
 */
export function useHoverDropdowns(): boolean {
  const [hover, setHover] = useState(widthAllowsHover);
  useEffect(() => {
    let timer: number | undefined;
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setHover(widthAllowsHover()), resizeSettleMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return hover;
}

/** True while the visitor scrolls down past the bar; scrolling up (or reaching the top) shows it again. */
export function useHiddenOnScrollDown(barHeight = 72): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last) < 4) return;
      setHidden(y > last && y > barHeight);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [barHeight]);
  return hidden;
}

export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return past;
}
