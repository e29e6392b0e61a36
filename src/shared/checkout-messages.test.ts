import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_MSG, checkoutMessageName } from './checkout-messages';
import { billingFormSchema } from './schemas/billing';

const billingEn = JSON.parse(readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), 'i18n/catalogs/billing/en.json'), 'utf8')) as Record<string, string>;
const hi = JSON.parse(readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), 'i18n/catalogs/billing/hi.json'), 'utf8')) as Record<string, string>;

describe("the checkout form's own messages", () => {
  it('are in the billing catalog under their names, the English word for word', () => {
    for (const [name, text] of Object.entries(CHECKOUT_MSG)) expect(billingEn[name], name).toBe(text);
  });

  it("are found by the schema's English, and a Hindi text exists for each", () => {
    const parsed = billingFormSchema.safeParse({ firstName: 'Asha', lastName: 'Verma', email: 'asha@example.com', country: 'XX', address: 'a', city: 'b', zipCode: 'c' });
    const message = parsed.error!.issues[0].message;
    expect(checkoutMessageName(message)).toBe('countryFromList');
    expect(hi.countryFromList).toBe('कृपया सूची से एक देश चुनें');
    expect(checkoutMessageName('Some other text')).toBeNull();
  });
});
