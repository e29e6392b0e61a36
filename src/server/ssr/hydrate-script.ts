import { createHash } from 'node:crypto';

/**
 * The site's one inline script (decision 094). A page the server rendered is whole without JavaScript; this asks for
 * the app's entry (named on the root element) once the browser reports the page's first contentful paint (the
 * moment it was presented, not merely drawn), so that nothing of the app is fetched before it: the stylesheet alone
 * stands between the HTML and the page on screen. A background tab, or a browser that does not report paints,
 * asks at once; however the paint goes, no later than 2 s. Only a script among the site's hashed assets
 * (`/assets/<name>.js`, no other path) is taken, once.
 */
export const HYDRATE_SCRIPT = [
  String.raw`(()=>{const e=document.getElementById('root')?.dataset.entry;let d;const go=()=>{if(!d&&/^\/assets\/[\w-]+\.js$/.test(e)){d=1;import(e)}};`,
  "if(document.visibilityState==='hidden'||!window.PerformanceObserver?.supportedEntryTypes?.includes('paint'))return go();",
  "new PerformanceObserver((l,o)=>{if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go)}}).observe({type:'paint',buffered:true});",
  'setTimeout(go,2000)})()',
].join('');

/** The CSP source that lets exactly that script run, and no other inline script. */
export const HYDRATE_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(HYDRATE_SCRIPT).digest('base64')}'`;
