// Prices per currency (docs/adr/052-giveaways.md, "Prices per currency"): the country a customer
// is in decides the currency, each currency has its own rounded amounts (not a daily exchange
// rate: a price should not change by itself), and any country not listed pays in US dollars. The
// symbol is the one shared formatPrice shows (en-US currency formatting), so the two agree.
import { UserPlanDuration, UserPlanType, type PurchasablePlanType } from '@inkmark/shared'

/** The currencies the relay prices in. */
export const PriceCurrency = {
  USD: 'USD',
  EUR: 'EUR',
  GBP: 'GBP',
  CAD: 'CAD',
  AUD: 'AUD',
  INR: 'INR',
  BRL: 'BRL',
} as const
export type PriceCurrency = (typeof PriceCurrency)[keyof typeof PriceCurrency]

/** The currency used for a country that is not in COUNTRY_CURRENCIES. */
export const DEFAULT_CURRENCY = PriceCurrency.USD
/** The country answered when none is given. */
export const DEFAULT_COUNTRY = 'US'

type Amounts = Readonly<Record<PurchasablePlanType, Readonly<Record<UserPlanDuration, number>>>>

function amounts(premium: [number, number, number], ultimate: [number, number, number]): Amounts {
  const byDuration = ([month, year, lifetime]: [number, number, number]) => ({
    [UserPlanDuration.ONE_MONTH]: month,
    [UserPlanDuration.ONE_YEAR]: year,
    [UserPlanDuration.LIFETIME]: lifetime,
  })
  return {
    [UserPlanType.PREMIUM]: byDuration(premium),
    [UserPlanType.ULTIMATE]: byDuration(ultimate),
  }
}

/** Amounts per currency: month, year, lifetime. USD's yearly ones are the spec's defaults. */
export const CURRENCY_PRICES: Readonly<Record<PriceCurrency, Amounts>> = {
  USD: amounts([2.99, 19.99, 59.99], [3.99, 29.99, 89.99]),
  EUR: amounts([2.99, 19.99, 59.99], [3.99, 29.99, 89.99]),
  GBP: amounts([2.49, 16.99, 49.99], [3.49, 24.99, 74.99]),
  CAD: amounts([3.99, 26.99, 79.99], [4.99, 39.99, 119.99]),
  AUD: amounts([4.49, 29.99, 89.99], [5.99, 44.99, 134.99]),
  INR: amounts([99, 699, 1999], [149, 999, 2999]),
  BRL: amounts([9.9, 59.9, 179.9], [12.9, 89.9, 269.9]),
}

/** The euro area (Bulgaria from 2026) and the states that use the euro by agreement. */
const EURO_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
  'AD',
  'MC',
  'SM',
  'VA',
  'ME',
] as const

/** The currency of each listed country (ISO 3166-1 alpha-2). */
export const COUNTRY_CURRENCIES: Readonly<Record<string, PriceCurrency>> = {
  ...Object.fromEntries(EURO_COUNTRIES.map((country) => [country, PriceCurrency.EUR])),
  GB: PriceCurrency.GBP,
  IM: PriceCurrency.GBP,
  JE: PriceCurrency.GBP,
  GG: PriceCurrency.GBP,
  CA: PriceCurrency.CAD,
  AU: PriceCurrency.AUD,
  IN: PriceCurrency.INR,
  BR: PriceCurrency.BRL,
}

/** The currency a customer in `countryCode` pays in (USD for unknown or missing countries). */
export function currencyForCountry(countryCode: string | undefined): PriceCurrency {
  return (countryCode && COUNTRY_CURRENCIES[countryCode.toUpperCase()]) || DEFAULT_CURRENCY
}

/** The symbol shared formatPrice puts before an amount of `currency` ("$", "€", "CA$", "R$"). */
export function currencySymbol(currency: string): string {
  const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0)
  return parts.find((part) => part.type === 'currency')?.value ?? currency
}
