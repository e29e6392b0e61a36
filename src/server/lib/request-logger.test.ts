import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { requestLogger } from './request-logger';

/** A pino logger with the app's kind of redaction, writing its lines to an array. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const out = new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()) });
  const root = pino({ level: 'info', redact: { paths: ['*.password', 'req.headers.authorization'], censor: '[redacted]' } }, out);
  return { root, lines };
}

describe("a request's logger, made on first use", () => {
  it('makes no child of the app logger until the request logs, then one, kept', () => {
    const { root } = capture();
    const child = vi.spyOn(root, 'child');
    const log = requestLogger(root, { requestId: 'r-1' }, {});
    expect(child).not.toHaveBeenCalled();
    log.info('first');
    log.warn('second');
    expect(child).toHaveBeenCalledTimes(1);
    expect(child).toHaveBeenCalledWith({ requestId: 'r-1' }, {});
  });

  it("writes what the child would: the request id, the message, the app's redaction and level", () => {
    const { root, lines } = capture();
    const log = requestLogger(root, { requestId: 'r-2' }, {});
    log.error({ body: { password: 'hunter2', email: 'a@example.com' } }, 'refused');
    log.debug('not at info');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, requestId: 'r-2', msg: 'refused', body: { password: '[redacted]', email: 'a@example.com' } });
    expect(log.level).toBe('info');
    log.level = 'debug';
    log.debug('now written');
    expect(lines[1]).toMatchObject({ level: 20, requestId: 'r-2', msg: 'now written' });
    expect(root.level).toBe('info');
  });

  it('gives children that keep the request id', () => {
    const { root, lines } = capture();
    requestLogger(root, { requestId: 'r-3' }, {}).child({ part: 'mail' }).info('sent');
    expect(lines[0]).toMatchObject({ requestId: 'r-3', part: 'mail', msg: 'sent' });
  });
});
