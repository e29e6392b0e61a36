import { createHash } from 'node:crypto';

/**
 * The site's one inline script (decision 094). A page the server rendered is whole without JavaScript; this asks for
 * the app's entry (named on the root element) once the page has painted, so that nothing of the app is fetched
 * before the first paint: the stylesheet alone stands between the HTML and the page on screen. A background tab
 * paints nothing, so it asks at once. Only a file of the site's assets is taken.
 */
export const ADOPT_SCRIPT =
  "(()=>{const e=document.getElementById('root')?.dataset.entry,go=()=>e?.startsWith('/assets/')&&import(e);document.visibilityState==='hidden'?go():requestAnimationFrame(()=>setTimeout(go))})()";

/** The CSP source that lets exactly that script run, and no other inline script. */
export const ADOPT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(ADOPT_SCRIPT).digest('base64')}'`;
