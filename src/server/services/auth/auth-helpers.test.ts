import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../lib/redact-url';
import { backoffMs, DEFAULT_WORKER_OPTIONS } from '../mail/worker';
import { isDisposableEmail } from './disposable';
import { describeUserAgent } from './user-agent';

describe('disposable addresses', () => {
  it('knows the throw-away services of the maintained list, and their subdomains where listed', () => {
    expect(isDisposableEmail('a@mailinator.com')).toBe(true);
    expect(isDisposableEmail('a@10minutemail.com')).toBe(true);
    expect(isDisposableEmail('a@gmail.com')).toBe(false);
    expect(isDisposableEmail('a@example.com')).toBe(false);
    expect(isDisposableEmail('a@company.co.in')).toBe(false);
  });
});

describe('user agents', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', 'Chrome', 'Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0', 'Edge', 'Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15', 'Safari', 'macOS'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 'Firefox', 'Linux'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', 'Safari', 'iOS'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36', 'Chrome', 'Android'],
    ['StealthBrowser/2.1.0 (Windows NT 10.0)', 'Stealth Browser app', 'Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/110.0.0.0', 'Opera', 'Windows'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36', 'Samsung Internet', 'Android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1', 'Chrome', 'iOS'],
    ['Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/125.0 Mobile/15E148 Safari/605.1.15', 'Firefox', 'iOS'],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', 'Chrome', 'ChromeOS'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome', 'Linux'],
    ['curl/8.5.0', 'curl', 'Unknown'],
    ['', 'Unknown', 'Unknown'],
  ])('%s', (ua, browser, os) => {
    expect(describeUserAgent(ua)).toEqual({ browser, os });
  });
});

describe('mail retry backoff', () => {
  it('doubles from the base delay up to the ceiling, with jitter within 10 %', () => {
    const mid = () => 0.5;
    expect(backoffMs(1, DEFAULT_WORKER_OPTIONS, mid)).toBe(30_000);
    expect(backoffMs(2, DEFAULT_WORKER_OPTIONS, mid)).toBe(60_000);
    expect(backoffMs(5, DEFAULT_WORKER_OPTIONS, mid)).toBe(480_000);
    expect(backoffMs(20, DEFAULT_WORKER_OPTIONS, mid)).toBe(3_600_000);
    expect(backoffMs(1, DEFAULT_WORKER_OPTIONS, () => 0)).toBe(27_000);
    expect(backoffMs(1, DEFAULT_WORKER_OPTIONS, () => 1)).toBe(33_000);
  });
});

describe('log redaction of URLs', () => {
  it('hides tokens in links and API paths', () => {
    expect(redactUrl('/api/v1/auth/verify-email/abc123?x=1')).toBe('/api/v1/auth/verify-email/[redacted]?x=1');
    expect(redactUrl('/reset-password?token=secret&a=b')).toBe('/reset-password?token=[redacted]&a=b');
    expect(redactUrl('/verify-email?token=s3cr3t')).toBe('/verify-email?token=[redacted]');
    expect(redactUrl('/blog?page=2')).toBe('/blog?page=2');
    expect(redactUrl('/api/v1/auth/verify-email/abc123')).toBe('/api/v1/auth/verify-email/[redacted]');
    expect(redactUrl('/x&code=s3cr3t')).toBe('/x&code=[redacted]');
    expect(redactUrl('/reset-password?a=1&TOKEN=s3cr3t')).toBe('/reset-password?a=1&TOKEN=[redacted]');
    expect(redactUrl('/api/v1/blog/posts/a-post')).toBe('/api/v1/blog/posts/a-post');
  });
});
