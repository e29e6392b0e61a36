import { useEffect } from 'react';
import { useLocation } from './router';

/** The landing page's hash anchors scroll with this offset, for the fixed top bar. */
const HASH_OFFSET_PX = 64;

/** Smooth scroll to the top on each path change; with a hash, to that anchor less the fixed top bar. */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      let tries = 0;
      const seek = () => {
        const el = document.getElementById(decodeURIComponent(hash.slice(1)));
        if (el) {
          window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - HASH_OFFSET_PX, behavior: 'smooth' });
        } else if (tries++ < 20) {
          window.setTimeout(seek, 50);
        } else {
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }
      };
      seek();
      return;
    }
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname, hash]);
  return null;
}
