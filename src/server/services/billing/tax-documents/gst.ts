import { sql } from 'drizzle-orm';
import type { Config } from '#server/config';
import type { DbOrTx } from '#server/db/client';
import { queryRows } from '#server/db/client';
import type { BillingDetails, TaxDocument } from '#server/db/schema';
import { countryName } from '#shared/constants';
import { indianFinancialYear } from '#shared/dates';
import { INDIA, stateByCode } from '#shared/gst';

/**
 * GST on the site's tax-inclusive prices (decision 083), in one place: who owes which tax, the one rounding rule, the
 * numbered series of tax invoices and credit notes, and the document kept with each payment or refund.
 */

/** The GST rate of the service, in percent. */
export const GST_RATE_PERCENT = 18;
/**
 * SAC 998434, "Software downloads" (heading 99843, on-line content): an end-user licence of a downloaded program
 * for a period. Not 998431 (on-line text such as books and newspapers) and not 997331, whose explanatory notes leave
 * out limited end-user licences of packaged software.
 */
export const SAC_CODE = '998434';

export type Supply = TaxDocument['supply'];
export type TaxSplit = Pick<TaxDocument, 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise'>;

/** Round-half-up integer division of non-negative integers: the one rounding rule for money. */
const divRound = (numerator: number, denominator: number) => Math.floor((2 * numerator + denominator) / (2 * denominator));

/**
 * Splits a tax-inclusive total (integer paise) into the taxable value and the tax lines. The rule, the only one:
 * each tax line is the total times its rate over (100 + 18), rounded half up to the paisa; the taxable value is what
 * remains, so the lines always add up to exactly what was paid. CGST and SGST (or UTGST) are 9 % each and always equal.
 * An export is zero-rated: all of it is taxable value, no tax.
 */
export function splitTax(totalPaise: number, supply: Supply): TaxSplit {
  if (!Number.isInteger(totalPaise) || totalPaise < 0) throw new Error(`splitTax: expected whole paise, got ${totalPaise}`);
  const base = 100 + GST_RATE_PERCENT;
  if (supply === 'export') return { taxablePaise: totalPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise };
  if (supply === 'intra_state') {
    const half = divRound(totalPaise * (GST_RATE_PERCENT / 2), base);
    return { taxablePaise: totalPaise - 2 * half, cgstPaise: half, sgstPaise: half, igstPaise: 0, totalPaise };
  }
  const igst = divRound(totalPaise * GST_RATE_PERCENT, base);
  return { taxablePaise: totalPaise - igst, cgstPaise: 0, sgstPaise: 0, igstPaise: igst, totalPaise };
}

type Seller = Pick<Config, 'SELLER_NAME' | 'SELLER_LEGAL_NAME' | 'SELLER_ADDRESS' | 'SELLER_GSTIN' | 'SELLER_STATE'>;

/**
 * Who the supply is to (IGST Act s. 12(2), services to a person in India; s. 13 outside): an address outside India is an
 * export, zero-rated; in India the place of supply is the buyer's state (a business buyer's GSTIN names it), and with
 * no state on record it is the seller's own state, as the Act says for a buyer without an address on record.
 */
export function placeOfSupply(
  sellerStateCode: string,
  billing: Pick<BillingDetails, 'country' | 'state' | 'gstin'> | null,
): { supply: Supply; stateCode: string | null; label: string } {
  const country = billing?.country || INDIA;
  if (country !== INDIA) {
    const name = countryName(country);
    return { supply: 'export', stateCode: null, label: `96 - Outside India (${name})` };
  }
  const state = stateByCode(billing?.gstin?.slice(0, 2)) ?? stateByCode(billing?.state) ?? stateByCode(sellerStateCode)!;
  return { supply: state.code === sellerStateCode ? 'intra_state' : 'inter_state', stateCode: state.code, label: `${state.code} - ${state.name}` };
}

/** The next number of a series in the financial year of `at`: taken in the caller's transaction, gapless and never twice. */
export async function nextDocumentNumber(tx: DbOrTx, series: 'INV' | 'CN', at: Date): Promise<{ number: string; financialYear: string }> {
  const fy = indianFinancialYear(at);
  const [row] = await queryRows<{ last_number: number }>(
    tx,
    sql`insert into document_series (series, financial_year, last_number) values (${series}, ${fy.label}, 1)
        on conflict (series, financial_year) do update set last_number = document_series.last_number + 1
        returning last_number`,
  );
  return { number: `${series}/${fy.short}/${String(row!.last_number).padStart(6, '0')}`, financialYear: fy.label };
}

export type TaxBuyer = { name: string; email: string; billing: BillingDetails | null };

/**
 * Issues a numbered GST document (a tax invoice, or a credit note against one) for `totalPaise`, in the caller's
 * transaction; null while the seller is not registered (no SELLER_GSTIN). A credit note keeps the supply and place of
 * its invoice, so a refund reverses exactly the tax that was charged; without an invoice (a payment made before the
 * seller registered) there is no tax to reverse and no credit note under section 34: null, and the refund gets a note
 * without GST against the payment's receipt (decision 125).
 */
export async function issueTaxDocument(
  tx: DbOrTx,
  seller: Seller,
  input: { series: 'INV' | 'CN'; at: Date; totalPaise: number; currency: string; buyer: TaxBuyer; invoice?: TaxDocument | null },
): Promise<TaxDocument | null> {
  if (!seller.SELLER_GSTIN) return null;
  if (input.series === 'CN' && !input.invoice) return null;
  const sellerState = stateByCode(seller.SELLER_GSTIN.slice(0, 2))!;
  const b = input.buyer.billing;
  const place = input.invoice ? { supply: input.invoice.supply, stateCode: input.invoice.buyer.stateCode, label: input.invoice.placeOfSupply } : placeOfSupply(sellerState.code, b);
  const { number, financialYear } = await nextDocumentNumber(tx, input.series, input.at);
  const buyerState = stateByCode(place.stateCode);
  const buyerCountry = b ? countryName(b.country) : 'India';
  return {
    supply: place.supply,
    number,
    financialYear,
    issuedAt: input.at.toISOString(),
    seller: {
      legalName: seller.SELLER_LEGAL_NAME ?? seller.SELLER_NAME,
      address: seller.SELLER_ADDRESS,
      gstin: seller.SELLER_GSTIN,
      stateCode: sellerState.code,
      stateName: sellerState.name,
    },
    buyer: input.invoice?.buyer ?? {
      // A business buyer (a GSTIN) is invoiced under its company name.
      name: b?.gstin && b.company ? `${b.company} (${input.buyer.name})` : input.buyer.name,
      email: input.buyer.email,
      address: b ? [b.address, b.city, b.zipCode].filter(Boolean).join(', ') : '',
      country: buyerCountry,
      gstin: b?.gstin || null,
      stateCode: place.stateCode,
      stateName: buyerState?.name ?? null,
    },
    placeOfSupply: place.label,
    sac: SAC_CODE,
    ratePercent: GST_RATE_PERCENT,
    stateTaxLabel: sellerState.utgst ? 'UTGST' : 'SGST',
    ...splitTax(input.totalPaise, place.supply),
    currency: input.currency,
    againstInvoice: input.invoice?.number ?? null,
  };
}
