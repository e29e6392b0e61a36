import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, setSessionEndedHandler, tokens } from '../../api/client';
import { memoryStorage } from '../../test/memory-storage';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the API client and the session (spec §8, DESIGN §4)', () => {
  let ended: { code?: string; params?: Record<string, string | number>; message: string }[];
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    ended = [];
    setSessionEndedHandler((err) => ended.push({ code: err.code, params: err.params, message: err.message }));
    tokens.set('old-access', 'refresh-1');
    localStorage.setItem('user', '{"id":"u1"}');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refreshes an expired access token once, silently, and repeats the call', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      const auth = (init?.headers as Record<string, string> | undefined)?.authorization;
      if (url.endsWith('/auth/refresh')) return json(200, { success: true, data: { token: 'new-access', refreshToken: 'refresh-2' } });
      if (auth === 'Bearer old-access') return json(401, { success: false, error: 'TOKEN_EXPIRED', code: 'TOKEN_EXPIRED', message: 'expired' });
      return json(200, { success: true, data: { ok: true } });
    });
    vi.stubGlobal('fetch', fetchMock);
    // Two calls at once share one refresh.
    const [a, b] = await Promise.all([api.get<{ ok: boolean }>('/users/dashboard'), api.get<{ ok: boolean }>('/auth/me')]);
    expect(a).toEqual({ ok: true });
    expect(b).toEqual({ ok: true });
    expect(fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/auth/refresh'))).toHaveLength(1);
    expect(tokens.access).toBe('new-access');
    expect(tokens.refresh).toBe('refresh-2');
    expect(ended).toEqual([]);
  });

  it.each(['TOKEN_VERSION_MISMATCH', 'SESSION_NOT_FOUND', 'SESSION_INVALID', 'TOKEN_INVALIDATED'])(
    'clears token, refreshToken and user on %s and reports the refusal with its code and params',
    async (code) => {
      const params = code === 'SESSION_NOT_FOUND' ? { reason: 'ended_by_admin' } : undefined;
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => json(401, { success: false, error: code === 'SESSION_NOT_FOUND' ? 'UNAUTHORIZED' : code, code, params, message: `server says ${code}` })),
      );
      await expect(api.get('/users/dashboard')).rejects.toMatchObject({ status: 401 });
      expect([localStorage.getItem('token'), localStorage.getItem('refreshToken'), localStorage.getItem('user')]).toEqual([null, null, null]);
      expect(ended).toEqual([{ code, params, message: `server says ${code}` }]);
    },
  );

  it('reports a refusal without code or message as it is (the handler then shows the spec text: auth-context.tsx)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { success: false, error: 'SESSION_INVALID', message: '' })),
    );
    await expect(api.get('/users/dashboard')).rejects.toBeDefined();
    expect(ended).toEqual([{ code: undefined, params: undefined, message: '' }]);
  });

  it('leaves the session alone for a refused login, register or resend', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { success: false, error: 'SESSION_INVALID', code: 'SESSION_INVALID', message: 'no' })),
    );
    for (const path of ['/auth/login', '/auth/register', '/auth/resend-verification']) await expect(api.post(path, {})).rejects.toBeDefined();
    expect(tokens.access).toBe('old-access');
    expect(ended).toEqual([]);
  });

  // An answer cut off as the page navigates away reaches the page that is leaving: it must not sign the next page out.
  it('keeps the session when an answer arrives without its whole body (a network failure, not a refusal)', async () => {
    const cut = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"success":tr'));
            controller.error(new TypeError('network error'));
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => cut()),
    );
    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 0, error: 'NETWORK_ERROR' });
    expect([tokens.access, tokens.refresh]).toEqual(['old-access', 'refresh-1']);
    expect(ended).toEqual([]);
  });

  it('keeps the session when the refresh itself cannot be reached, and ends it when the server refuses the refresh', async () => {
    const expired = json(401, { success: false, error: 'TOKEN_EXPIRED', code: 'TOKEN_EXPIRED', message: 'expired' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.endsWith('/auth/refresh')) throw new TypeError('Failed to fetch');
        return expired.clone();
      }),
    );
    await expect(api.get('/users/dashboard')).rejects.toMatchObject({ status: 0, error: 'NETWORK_ERROR' });
    expect([tokens.access, tokens.refresh]).toEqual(['old-access', 'refresh-1']);
    expect(ended).toEqual([]);

    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/auth/refresh') ? json(401, { success: false, error: 'SESSION_INVALID', code: 'SESSION_INVALID', message: 'reused' }) : expired.clone(),
      ),
    );
    await expect(api.get('/users/dashboard')).rejects.toMatchObject({ status: 401 });
    expect(tokens.access).toBeNull();
    expect(ended).toEqual([{ code: 'TOKEN_EXPIRED', params: undefined, message: 'expired' }]);
  });

  it('leaves a newer session alone when an older token is refused (a sign-in elsewhere in the meantime)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        // The answer comes back after another tab (or this page) stored a new sign-in.
        tokens.set('newer-access', 'newer-refresh');
        return json(401, { success: false, error: 'SESSION_INVALID', code: 'SESSION_INVALID', params: { reason: 'displaced' }, message: 'ended' });
      }),
    );
    await expect(api.get('/users/dashboard')).rejects.toMatchObject({ status: 401 });
    expect([tokens.access, tokens.refresh]).toEqual(['newer-access', 'newer-refresh']);
    expect(ended).toEqual([]);
  });
});
