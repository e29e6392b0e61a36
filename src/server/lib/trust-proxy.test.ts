import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { ConfigError, loadConfig } from '../config';

describe('TRUST_PROXY and TRUSTED_CDN', () => {
  it('trusts no proxy by default or with false', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });

  it("takes the proxies' addresses, CIDRs and proxy-addr's range names", () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
    expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).TRUST_PROXY).toEqual(['loopback', 'uniquelocal']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/255.0.0.0' }).TRUST_PROXY).toEqual(['10.0.0.0/255.0.0.0']);
  });

  it('refuses true, which would believe any client, and says what to write instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would believe the X-Forwarded-For any client writes; write the load balancer's addresses or CIDRs/,
    );
  });

  it('refuses a hop count and anything that is not an address or CIDR', () => {
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: a hop count cannot check/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: not an address or CIDR: 10\.0\.0\.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: 'lb.internal,127.0.0.1' })).toThrow(/not an address or CIDR: lb\.internal;/);
    expect(() => loadConfig({ TRUST_PROXY: ',' })).toThrow(/TRUST_PROXY: write the load balancer's addresses/);
  });

  it('refuses a range of every address with the same clear message, where Fastify would stop the start with a TypeError', () => {
    for (const value of ['0.0.0.0/0', '::/0', '10.0.0.0/0.0.0.0', '10.0.0.0/8,::/0']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: (0\.0\.0\.0\/0|::\/0|10\.0\.0\.0\/0\.0\.0\.0) would believe the X-Forwarded-For of every client, as true would; write the load balancer's addresses or CIDRs/,
      );
    }
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/255.0.255.0' })).toThrow(/TRUST_PROXY: not an address or CIDR: 10\.0\.0\.0\/255\.0\.255\.0;/);
  });

  it('accepts only what Fastify then takes: every value either stops at the schema with its message or builds the server', async () => {
    const values = [
      '0.0.0.0/0',
      '::/0',
      '10.0.0.0/0.0.0.0',
      '10.0.0.0/255.0.255.0',
      '10.0.0.0/255.255.255.255',
      '10.0.0.0/008',
      '::ffff:10.0.0.1',
      '::ffff:10.0.0.0/104',
      'fe80::1%eth0',
      '10.0.0.0/1',
      '::/1',
      'linklocal,10.1.2.3/31',
    ];
    for (const value of values) {
      let trustProxy: false | string[];
      try {
        trustProxy = loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;
      } catch (err) {
        expect(err, value).toBeInstanceOf(ConfigError);
        continue;
      }
      const app = Fastify({ trustProxy });
      await app.close();
    }
  });

  it('names the trusted CDN or none', () => {
    expect(loadConfig({}).TRUSTED_CDN).toBeUndefined();
    expect(loadConfig({ TRUSTED_CDN: 'cloudfront' }).TRUSTED_CDN).toBe('cloudfront');
    expect(() => loadConfig({ TRUSTED_CDN: 'akamai' })).toThrow(/TRUSTED_CDN: expected cloudflare, vercel or cloudfront/);
  });
});
