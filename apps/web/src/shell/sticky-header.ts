import { useEffect, useState, type RefObject } from 'react';

/** docs/PRODUCT.md#constants: the header sticks once the page has scrolled past its bottom edge plus this much. */
export const stickyThresholdPx = 10;

export function isPastHeader(scrollY: number, headerBottom: number): boolean {
  return scrollY > headerBottom + stickyThresholdPx;
}

/**
 * Whether the header should stick. The header's resting bottom edge is measured while it is in the flow, because
 * once it is fixed its own position no longer says where the page's header area ends.
 */
export function useStickyHeader(ref: RefObject<HTMLElement | null>): boolean {
  const [sticky, setSticky] = useState(false);
  useEffect(() => {
    let restingBottom = 0;
    const measure = () => {
      const element = ref.current;
      if (element && element.dataset.sticky !== 'true') {
        restingBottom = element.getBoundingClientRect().bottom + window.scrollY;
      }
    };
    const update = () => {
      measure();
      setSticky(isPastHeader(window.scrollY, restingBottom));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [ref]);
  return sticky;
}
