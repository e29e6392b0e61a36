import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAreas, translator } from '../../shared/i18n/runtime';
import { PROVIDER_ACTIONS } from '../../shared/errors';

const server = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

describe("the server's answers a customer sees reach them in their language (errors catalog, by code)", () => {
  it('says each code in Hindi, Spanish and French', async () => {
    await loadAreas('hi', ['errors']);
    await loadAreas('es', ['errors']);
    await loadAreas('fr', ['errors']);
    expect(translator('hi', 'errors')('TOKEN_EXPIRED')).toBe('आपका सेशन समाप्त हो गया है। कृपया इसे रीफ़्रेश करें या फिर से लॉग इन करें।');
    expect(translator('fr', 'errors')('PLAN_UNAVAILABLE')).toBe('La formule choisie n’est pas disponible.');
    expect(translator('es', 'errors')('RECEIPT_NOT_FOUND')).toBe('No se encontró el recibo');
    expect(translator('hi', 'errors')('PROVIDER_ERROR', { action: 'startSubscription' })).toBe('भुगतान प्रदाता यह काम नहीं कर सका: सब्सक्रिप्शन शुरू करना। कृपया फिर से कोशिश करें।');
    expect(translator('es', 'errors')('PROVIDER_ERROR', { action: 'changePlan' })).toBe('El proveedor de pagos no pudo cambiar el plan. Inténtalo de nuevo.');
    expect(translator('fr', 'errors')('SESSION_INVALID', { reason: 'displaced' })).toBe(
      'Vous vous êtes connecté sur un autre appareil, cette session a donc été fermée. Veuillez vous reconnecter.',
    );
  });

  it("names every action of the payment gateway's failures by a key the errors catalog spells (decision 150)", () => {
    const gateway = readFileSync(path.join(server, 'adapters/payments/gateway.ts'), 'utf8');
    const actions = [...gateway.matchAll(/call\('([^']+)'/g)].map((m) => m[1]!);
    expect(actions.length).toBeGreaterThan(5);
    for (const action of actions) expect(Object.keys(PROVIDER_ACTIONS), action).toContain(action);
  });

  it('leaves no English text of its own in the billing services and the session check (they throw codes)', () => {
    const files = [
      'plugins/auth.ts',
      'services/auth/sessions.ts',
      'adapters/payments/gateway.ts',
      ...readdirSync(path.join(server, 'services/billing'), { recursive: true, encoding: 'utf8' })
        .filter((f) => /(checkout|plan|download)\.ts$/.test(f))
        .map((f) => `services/billing/${f}`),
    ];
    for (const f of files) expect(readFileSync(path.join(server, f), 'utf8'), f).not.toMatch(/(notFound|conflict|badRequest)\('[^A-Z]|AppError\('\w+', '[^A-Z]|message: '/);
  });
});
