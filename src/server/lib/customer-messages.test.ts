import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localizeMsg } from '../../shared/i18n/msg';
import { loadAreas } from '../../shared/i18n/runtime';
import { MSG } from '../../shared/messages';

const server = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

describe("the server's answers a customer sees reach them in their language (msg catalog)", () => {
  it('finds each by its English and shows it in Hindi, Spanish and French', async () => {
    await loadAreas('hi', ['msg']);
    await loadAreas('es', ['msg']);
    await loadAreas('fr', ['msg']);
    expect(localizeMsg(MSG.sessionExpired, 'hi')).toBe('आपका सेशन समाप्त हो गया है। कृपया इसे रीफ़्रेश करें या फिर से लॉग इन करें।');
    expect(localizeMsg(MSG.planUnavailable, 'fr')).toBe('La formule choisie n’est pas disponible.');
    expect(localizeMsg(MSG.receiptNotFound, 'es')).toBe('No se encontró el recibo');
    expect(localizeMsg(MSG.providerFailed('start the subscription'), 'hi')).toBe('भुगतान प्रदाता यह काम नहीं कर सका: सब्सक्रिप्शन शुरू करना। कृपया फिर से कोशिश करें।');
    expect(localizeMsg(MSG.providerFailed('change the plan'), 'es')).toBe('El proveedor de pagos no pudo cambiar el plan. Inténtalo de nuevo.');
    expect(localizeMsg(MSG.sessionDisplaced, 'fr')).toBe('Vous vous êtes connecté sur un autre appareil, cette session a donc été fermée. Veuillez vous reconnecter.');
  });

  it("names every action of the payment gateway's failures in the catalog", () => {
    const gateway = readFileSync(path.join(server, 'adapters/payments/gateway.ts'), 'utf8');
    const actions = [...gateway.matchAll(/call\('([^']+)'/g)].map((m) => m[1]!);
    expect(actions.length).toBeGreaterThan(5);
    for (const action of actions) expect(localizeMsg(MSG.providerFailed(action), 'fr'), action).not.toContain(action);
  });

  it('leaves no English text of its own in the billing services and the session check (they name MSG)', () => {
    const files = ['plugins/auth.ts', 'services/auth/sessions.ts', 'adapters/payments/gateway.ts', ...readdirSync(path.join(server, 'services/billing')).filter((f) => /(checkout|plan|download)\.ts$/.test(f)).map((f) => `services/billing/${f}`)];
    for (const f of files) expect(readFileSync(path.join(server, f), 'utf8'), f).not.toMatch(/(notFound|conflict|badRequest)\('|AppError\('\w+', '|message: '/);
  });
});
