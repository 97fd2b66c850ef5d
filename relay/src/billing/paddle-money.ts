// Paddle gives amounts as strings in the currency's lowest unit ("2999" for 29.99 USD; "3000" for
// 3000 JPY); the apps show major units. Zero-decimal currencies are Paddle's documented ones.

/** Currencies without minor units, as Paddle lists them. */
const ZERO_DECIMAL_CURRENCIES = new Set(['JPY', 'KRW'])

function decimalsOf(currency: string): number {
  return ZERO_DECIMAL_CURRENCIES.has(currency.toUpperCase()) ? 0 : 2
}

/** "2999" USD → 29.99. Throws on text that is not a whole number. */
export function fromMinorUnits(amount: string, currency: string): number {
  if (!/^-?\d+$/.test(amount)) {
    throw new Error(`Not an amount in minor units: '${amount}'`)
  }
  return Number(amount) / 10 ** decimalsOf(currency)
}

/** 29.99 USD → "2999". */
export function toMinorUnits(amount: number, currency: string): string {
  return String(Math.round(amount * 10 ** decimalsOf(currency)))
}
