const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0 to 99 in words ('Ninety-Nine'). */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return TENS[Math.floor(n / 10)]! + (n % 10 ? `-${ONES[n % 10]}` : '');
}

/** 0 to 999 in words ('Four Hundred Ninety-Nine'). */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number in words with Indian grouping: thousand, lakh (1,00,000), crore (1,00,00,000); crores of crores nest. */
export function indianNumberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`indianNumberInWords: expected a whole number, got ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${indianNumberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** A tax document's total in words: 'Indian Rupees One Lakh Twenty Thousand and Fifty Paise Only'. */
export function amountInWords(paise: number, currency: string): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const unit = currency === 'INR' ? 'Indian Rupees' : currency;
  const minor = currency === 'INR' ? 'Paise' : 'Cents';
  return `${unit} ${indianNumberInWords(rupees)}${rest ? ` and ${belowHundred(rest)} ${minor}` : ''} Only`;
}
