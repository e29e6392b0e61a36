import { useEffect } from 'react';
import { useLocation } from './router';

/** The landing page's hash anchors scroll with this offset, for the fixed top bar. */
const HASH_OFFSET_PX = 64;
/** How long an anchor is aimed at again while the sections above it take their drawn height. */
const SETTLE_MS = 2_000;
/** What a visitor does to scroll on their own, which ends the aiming. */
const OWN_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/** Smooth scroll to the top on each path change; with a hash, to that anchor less the fixed top bar. */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0, behavior: 'smooth' });
      return;
    }
    let timer = 0;
    const stop = () => {
      window.clearTimeout(timer);
      for (const type of OWN_SCROLL_EVENTS) window.removeEventListener(type, stop);
    };
    const aimAt = (el: HTMLElement) => window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - HASH_OFFSET_PX, behavior: 'smooth' });
    // The landing's sections below the first screen are drawn only as they near it, at an estimated height until then
    // (content-visibility, styles.css): those the scroll passes take their real height on the way, and the anchor
    // moves. So once the page has stopped scrolling, an anchor that is not in its place is aimed at again, until it
    // is or the visitor scrolls on their own.
    const settle = (el: HTMLElement, until: number, lastY: number) => {
      timer = window.setTimeout(() => {
        const still = window.scrollY === lastY;
        if (still && Math.round(el.getBoundingClientRect().top) !== HASH_OFFSET_PX) aimAt(el);
        if (Date.now() < until) settle(el, until, window.scrollY);
        else stop();
      }, 100);
    };
    let tries = 0;
    const seek = () => {
      const el = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (el) {
        aimAt(el);
        for (const type of OWN_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
        settle(el, Date.now() + SETTLE_MS, window.scrollY);
      } else if (tries++ < 20) {
        timer = window.setTimeout(seek, 50);
      } else {
        window.scrollTo({ top: 0, behavior: 'smooth' });
      }
    };
    seek();
    return stop;
  }, [pathname, hash]);
  return null;
}
