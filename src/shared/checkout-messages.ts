/**
 * The checkout form's own messages (texts the spec leaves open), in English as the schema gives them. They stay out
 * of MSG, which the landing page loads: the `billing` catalog holds them under the same names in every language
 * (its English equal to these, as a test checks), and the checkout shows an issue's text by its name there.
 */
export const CHECKOUT_MSG = {
  countryFromList: 'Please choose a country from the list',
  stateFromList: 'Please choose a state or union territory from the list',
  stateOnlyInIndia: 'A state is chosen only for an address in India',
  gstinOnlyInIndia: 'A GSTIN is given only for an address in India',
  gstinInvalid: 'Please enter a valid 15-character GSTIN',
  gstinStateMismatch: "The GSTIN's state code does not match the state chosen",
  companyTooLong: 'Company should not exceed 120 characters',
  addressTooLong: 'Address should not exceed 300 characters',
  cityTooLong: 'City should not exceed 100 characters',
  zipCodeTooLong: 'ZIP Code should not exceed 20 characters',
} as const;

export type CheckoutMessage = keyof typeof CHECKOUT_MSG;

/** The name of a checkout message by its English (an issue of the billing form's schema), or null. */
export const checkoutMessageName = (text: string): CheckoutMessage | null =>
  (Object.keys(CHECKOUT_MSG) as CheckoutMessage[]).find((name) => CHECKOUT_MSG[name] === text) ?? null;
