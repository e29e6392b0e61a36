import { describe, expect, it } from 'vitest';
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
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would believe the X-Forwarded-For any client writes; write the load balancer's addresses or CIDRs/);
  });

  it('refuses a hop count and anything that is not an address or CIDR', () => {
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: a hop count cannot check/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: not an address or CIDR: 10\.0\.0\.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: 'lb.internal,127.0.0.1' })).toThrow(/not an address or CIDR: lb\.internal;/);
    expect(() => loadConfig({ TRUST_PROXY: ',' })).toThrow(/TRUST_PROXY: write the load balancer's addresses/);
  });

  it('names the trusted CDN or none', () => {
    expect(loadConfig({}).TRUSTED_CDN).toBeUndefined();
    expect(loadConfig({ TRUSTED_CDN: 'cloudfront' }).TRUSTED_CDN).toBe('cloudfront');
    expect(() => loadConfig({ TRUSTED_CDN: 'akamai' })).toThrow(/TRUSTED_CDN: expected cloudflare, vercel or cloudfront/);
  });
});
