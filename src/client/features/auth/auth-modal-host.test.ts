import { describe, expect, it } from 'vitest';
import { returnToFromEvent } from './auth-modal-host';

describe('where a sign-in from the modal returns to', () => {
  it('a path of this site only: never another host, whatever the page put in the event', () => {
    expect(returnToFromEvent({ returnTo: '/activate?code=BCDF-GHJK' })).toBe('/activate?code=BCDF-GHJK');
    for (const bad of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'activate', 42, undefined])
      expect(returnToFromEvent({ returnTo: bad }), String(bad)).toBeUndefined();
    expect(returnToFromEvent(null)).toBeUndefined();
  });
});
