import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { HYDRATE_SCRIPT_SOURCE } from '../ssr/hydrate-script';
import { API_PREFIX } from '../../shared/constants';

/**
 * Outside origins the page may load from, by what is configured: Razorpay checkout (the hosts of Razorpay's own CSP
 * list, razorpay/razorpay-magento etc/csp_whitelist.xml) and Turnstile (script and frame only, per Cloudflare's
 * Turnstile CSP reference). Razorpay's checkout.js also writes one <style> element of its own into the page (its
 * spinner's keyframes), so inline style elements are allowed only while real Razorpay keys are configured.
 */
function externalOrigins(config: Config) {
  const scripts: string[] = [];
  const frames: string[] = [];
  const connect: string[] = [];
  const styleElements: string[] = [];
  if (!config.embedded.payments) {
    scripts.push('https://checkout.razorpay.com', 'https://cdn.razorpay.com');
    frames.push('https://api.razorpay.com', 'https://checkout.razorpay.com');
    connect.push('https://api.razorpay.com', 'https://lumberjack.razorpay.com', 'https://lumberjack-metrics.razorpay.com');
    styleElements.push("'unsafe-inline'");
  }
  if (!config.embedded.botCheck) {
    scripts.push('https://challenges.cloudflare.com');
    frames.push('https://challenges.cloudflare.com');
  }
  return { scripts, frames, connect, styleElements };
}

/**
 * The security headers of every response: a CSP without inline scripts or inline styles (decision 064), nosniff, no
 * framing, a referrer policy, the cross-origin policies. They depend on the configuration alone, so helmet makes
 * them once, at start, and each request copies the one object (decision 075): helmet's Fastify plugin built its
 * middleware, the CSP string among it, again for every request. A route may still replace one (the mailbox
 * preview, the simulator's checkout window and uploaded files set a CSP of their own).
 */
export function securityHeaders(config: Config): Record<string, string> {
  const dev = config.NODE_ENV === 'development';
  const ext = externalOrigins(config);
  const middleware = helmet({
    hsts: false,
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Vite's dev server injects an inline preamble for hot reload; the built site has one inline script, allowed
        // by its hash: the one that starts the app once a rendered page has painted (ssr/hydrate-script.ts).
        scriptSrc: dev ? ["'self'", "'unsafe-inline'"] : ["'self'", HYDRATE_SCRIPT_SOURCE, ...ext.scripts],
        // Stylesheets from the site only: no <style> elements (Vite's dev server injects its CSS as <style> for hot
        // reload; Razorpay's checkout.js adds one), and no style="" attributes at all. React applies a `style` prop
        // through the CSSOM, which CSP does not govern, and no markup of ours carries one (decision 064).
        // style-src is the fallback of browsers that know neither of the two below.
        styleSrc: ["'self'", ...(dev ? ["'unsafe-inline'"] : ext.styleElements)],
        styleSrcElem: ["'self'", ...(dev ? ["'unsafe-inline'"] : ext.styleElements)],
        styleSrcAttr: ["'none'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: dev ? ["'self'", 'ws:', 'wss:'] : ["'self'", ...ext.connect],
        frameSrc: ["'self'", ...ext.frames],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  });
  // No directive depends on the request: one run of the middleware against a response that records what it sets.
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failed: unknown = null;
  middleware({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => void (failed = err ?? null));
  if (failed) throw failed;
  return headers;
}

/**
 * The headers of an answer of the API (decision 099): JSON, a PDF to download, a redirect. None of them is a document
 * that loads anything, so the page's policy (scripts, styles, frames, the opener, the DNS prefetch) says nothing
 * there; what does: a CSP that lets such an answer, opened as a page, load and run nothing and be framed by no one
 * (OWASP's REST headers), nosniff, no framing for older browsers, and no reading by other origins. Half the bytes of
 * every API answer were the page's headers, and their write was the largest cost of a kept answer (decision 099).
 */
const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

const HSTS = 'max-age=31536000; includeSubDomains';
const API_PATHS = `${API_PREFIX}/`;

/**
 * Puts the security headers (made once) on every response: the API's under /api/v1/, the page's everywhere else;
 * HSTS on those answered over HTTPS.
 */
export function registerSecurity(app: FastifyInstance, config: Config): void {
  const pageHeaders = securityHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(API_PATHS) ? API_HEADERS : pageHeaders);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
