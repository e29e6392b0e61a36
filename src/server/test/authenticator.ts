import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { TestApp } from './harness';

/**
 * A software WebAuthn authenticator for the API tests (decision 196): it answers the options the site hands out as a
 * platform authenticator does (ES256, "none" attestation, user present and verified, a synced passkey), in the JSON
 * form @simplewebauthn/browser gives the server. The browser tests use Chromium's own virtual authenticator.
 */

/** Just enough CBOR (RFC 8949) for an attestation object and a COSE key: maps, integers, text and byte strings. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  throw new Error(`cbor: ${typeof value}`);
}

const b64url = (b: Buffer) => b.toString('base64url');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

const FLAGS = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 } as const;

export type SoftPasskey = { id: Buffer; privateKey: KeyObject; cose: Buffer; counter: number; userHandle: string };

export function softAuthenticator(opts: { origin: string; rpId: string; synced?: boolean; userVerified?: boolean }) {
  const flags = FLAGS.up | (opts.userVerified === false ? 0 : FLAGS.uv) | (opts.synced === false ? 0 : FLAGS.be | FLAGS.bs);
  const authData = (passkey: SoftPasskey, extra: Buffer = Buffer.alloc(0), add = 0) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(passkey.counter);
    return Buffer.concat([sha256(opts.rpId), Buffer.from([flags | add]), count, extra]);
  };
  const clientData = (type: string, challenge: string, origin = opts.origin) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    /** Makes a passkey for the options of navigator.credentials.create(), and the browser's answer. */
    create(options: { challenge: string; user: { id: string } }, override: { origin?: string; counter?: number } = {}) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = cbor(
        new Map<number, unknown>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const passkey: SoftPasskey = { id: randomBytes(16), privateKey, cose, counter: override.counter ?? 0, userHandle: options.user.id };
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(passkey.id.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, passkey.id, cose]);
      const attestationObject = cbor(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData(passkey, attested, FLAGS.at)],
        ]),
      );
      const response = {
        id: b64url(passkey.id),
        rawId: b64url(passkey.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, override.origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
      return { passkey, response };
    },

    /** The browser's answer to navigator.credentials.get() with this passkey; its counter moves on first (unless told). */
    get(passkey: SoftPasskey, options: { challenge: string }, override: { counter?: number; origin?: string } = {}) {
      passkey.counter = override.counter ?? passkey.counter + 1;
      const data = authData(passkey);
      const client = clientData('webauthn.get', options.challenge, override.origin);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), passkey.privateKey);
      return {
        id: b64url(passkey.id),
        rawId: b64url(passkey.id),
        type: 'public-key' as const,
        response: { clientDataJSON: b64url(client), authenticatorData: b64url(data), signature: b64url(signature), userHandle: passkey.userHandle },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}

/**
 * Adds a passkey to the account signed in with `token` through the API, as the Settings screen does (options, the
 * authenticator's answer, the add): the authenticator that holds it, the passkey, and the answer's passkey.
 */
export async function addPasskeyByApi(
  t: Pick<TestApp, 'call' | 'config'>,
  token: string,
  name: string,
  opts: { synced?: boolean; userVerified?: boolean } = {},
): Promise<{ authenticator: ReturnType<typeof softAuthenticator>; passkey: SoftPasskey; dto: { id: string; name: string; synced: boolean } }> {
  const url = new URL(t.config.publicUrl);
  const authenticator = softAuthenticator({ origin: url.origin, rpId: url.hostname, ...opts });
  const options = await t.call('POST', '/api/v1/auth/passkeys/registration-options', { token });
  if (options.statusCode !== 200) throw new Error(`registration options: ${options.body}`);
  const made = authenticator.create(options.json().data.options);
  const added = await t.call('POST', '/api/v1/auth/passkeys', { token, body: { name, response: made.response } });
  if (added.statusCode !== 201) throw new Error(`adding the passkey: ${added.body}`);
  return { authenticator, passkey: made.passkey, dto: added.json().data.passkey };
}
