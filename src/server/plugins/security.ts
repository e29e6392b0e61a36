import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

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
 * Security headers on every response: a CSP without inline scripts or inline styles (decision 064), nosniff, no
 * framing, a referrer policy, HSTS over HTTPS.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const dev = config.NODE_ENV === 'development';
  const ext = externalOrigins(config);
  await app.register(helmet, {
    global: true,
    hsts: false,
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Vite's dev server injects an inline preamble for hot reload; the built site has none.
        scriptSrc: dev ? ["'self'", "'unsafe-inline'"] : ["'self'", ...ext.scripts],
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
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
