import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** Outside origins the page may load from, by what is configured (Razorpay checkout, Turnstile). */
function externalOrigins(config: Config) {
  const scripts: string[] = [];
  const frames: string[] = [];
  const connect: string[] = [];
  if (!config.embedded.payments) {
    scripts.push('https://checkout.razorpay.com');
    frames.push('https://api.razorpay.com', 'https://checkout.razorpay.com');
    connect.push('https://api.razorpay.com', 'https://lumberjack.razorpay.com');
  }
  if (!config.embedded.botCheck) {
    scripts.push('https://challenges.cloudflare.com');
    frames.push('https://challenges.cloudflare.com');
  }
  return { scripts, frames, connect };
}

/** Security headers on every response: a CSP without inline scripts, nosniff, no framing, a referrer policy, HSTS over HTTPS. */
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
        styleSrc: ["'self'", "'unsafe-inline'"],
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
