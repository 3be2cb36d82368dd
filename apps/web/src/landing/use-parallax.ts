import { useEffect, type RefObject } from 'react';

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Shifts an element by `factor` times its distance from the viewport centre (or, with `fromTop`, the page scroll),
 * so it drifts slower than the page. Writes the transform directly once per frame: a re-render per scroll event
 * would cost far more than the effect is worth.
 */
export function useParallax(
  ref: RefObject<HTMLElement | null>,
  factor: number,
  options: { fromTop?: boolean } = {},
) {
  const fromTop = options.fromTop ?? false;
  useEffect(() => {
    const element = ref.current;
    if (!element || prefersReducedMotion()) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      let offset: number;
      if (fromTop) {
        offset = window.scrollY * factor;
      } else {
        const parent = element.parentElement ?? element;
        const rect = parent.getBoundingClientRect();
        offset = (rect.top + rect.height / 2 - window.innerHeight / 2) * factor;
      }
      element.style.transform = `translate3d(0, ${offset.toFixed(1)}px, 0)`;
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
      element.style.transform = '';
    };
  }, [ref, factor, fromTop]);
}
