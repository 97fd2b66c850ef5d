// Prices, discounts and promotions. Prices reach the apps as text from a payment provider or as
// numbers from the relay, in any currency and locale; this module turns them into numbers, applies
// discounts by the spec's rules and formats them back, so every screen shows the same amount.
// Choices the spec leaves open are in docs/adr/003-plan-and-prompt-rules.md.
import { UserPlanDuration, UserPlanType, isPaidPlan } from './plan'
import type { Plan } from './plan'

/** The plan types that can be bought (a free trial is granted, never sold). */
export const PURCHASABLE_PLAN_TYPES = [UserPlanType.PREMIUM, UserPlanType.ULTIMATE] as const
export type PurchasablePlanType = (typeof PURCHASABLE_PLAN_TYPES)[number]

/** Whether a discount applies: only VALID discounts change the amount. */
export const DiscountStatus = {
  VALID: 'VALID',
  INVALID: 'INVALID',
  EXPIRED: 'EXPIRED',
} as const
export type DiscountStatus = (typeof DiscountStatus)[keyof typeof DiscountStatus]

/** A discount takes a fixed amount off, or a percentage. */
export const DiscountType = {
  ABSOLUTE: 'ABSOLUTE',
  RELATIVE: 'RELATIVE',
} as const
export type DiscountType = (typeof DiscountType)[keyof typeof DiscountType]

/** A discount on a price: `value` is an amount in the price's currency, or a percentage (0-100). */
export interface Discount {
  status: DiscountStatus
  type: DiscountType
  value: number
  code?: string
  /** The discounted amount as computed by the server, when it sends one. */
  discountedUserPlanPrice?: number
}

/** The price of a plan in one currency and country. */
export interface Price {
  plan: PurchasablePlanType
  amount: number
  currency: string
  countryCode: string
  currencySymbol: string
  interval: UserPlanDuration
  discount?: Discount
}

/** A built-in price used when the pricing call gives nothing. */
export interface DefaultPrice {
  amount: number
  currency: string
  currencySymbol: string
  interval: UserPlanDuration
}

/** Default prices: premium 19.99 USD per year, ultimate 29.99 USD per year. */
export const DEFAULT_PRICES: Readonly<Record<PurchasablePlanType, DefaultPrice>> = {
  [UserPlanType.PREMIUM]: {
    amount: 19.99,
    currency: 'USD',
    currencySymbol: '$',
    interval: UserPlanDuration.ONE_YEAR,
  },
  [UserPlanType.ULTIMATE]: {
    amount: 29.99,
    currency: 'USD',
    currencySymbol: '$',
    interval: UserPlanDuration.ONE_YEAR,
  },
}

/** Black Friday: 23 to 30 November (UTC days), 40% off yearly plans with the code BLACKFRIDAY. */
export const BLACK_FRIDAY = {
  month: 11,
  firstDay: 23,
  lastDay: 30,
  percentOff: 40,
  code: 'BLACKFRIDAY',
  durations: [UserPlanDuration.ONE_YEAR],
} as const

/** The other discount codes. */
export const DISCOUNT_CODES = {
  SPECIAL20: 'SPECIAL20',
  LOYAL40: 'LOYAL40',
  WELCOMEBACK: 'WELCOMEBACK',
  JEAN20: 'JEAN20',
  BF50: 'BF50',
  STUDENTSPECIAL: 'STUDENTSPECIAL',
} as const
export type DiscountCode = (typeof DISCOUNT_CODES)[keyof typeof DISCOUNT_CODES]

/** The offers made to a user who is about to cancel. */
export const RetentionOffer = {
  FREE_MONTH: 'free_month',
  HALF_PRICE_NEXT_YEAR: 'half_price_next_year',
} as const
export type RetentionOffer = (typeof RetentionOffer)[keyof typeof RetentionOffer]

/** The retention offer per plan duration: free_month for monthly, half_price_next_year for yearly. */
export const RETENTION_OFFERS: Readonly<Partial<Record<UserPlanDuration, RetentionOffer>>> = {
  [UserPlanDuration.ONE_MONTH]: RetentionOffer.FREE_MONTH,
  [UserPlanDuration.ONE_YEAR]: RetentionOffer.HALF_PRICE_NEXT_YEAR,
}

/** How long a trial-style plan is granted for, in days. */
export const TRIAL_STYLE_PLAN_DAYS = 365

/** The decimals every formatted price shows. */
export const PRICE_FRACTION_DIGITS = 2

/** Texts that mean "no price" (compared case-insensitively). */
export const NO_PRICE_TEXTS = ['free', 'n/a'] as const

const MILLIS_PER_DAY = 24 * 60 * 60 * 1000
const THOUSANDS_GROUP_LENGTH = 3
const PERCENT = 100
const CENTS_PRECISION = 15

// An ISO code, a symbol (optionally with a country prefix such as US$ or R$), or a local abbreviation.
const CURRENCY = String.raw`(?:\p{Lu}{0,3}\p{Sc}|\p{Lu}{3}|(?:kr|Kč|zł|Rs|Fr|Ft|lei|RM|Rp|R)\.?)`
const NUMBER = String.raw`[.,]?\d(?:[\d.,'’\u00a0\u202f ]*\d)?`
const PRICE_PATTERN = new RegExp(
  String.raw`^([-−]?)\s*(?:${CURRENCY}\s*)?([-−]?)\s*(${NUMBER})\s*(?:${CURRENCY})?$`,
  'u',
)
const SEPARATOR_SPLIT = /([.,'’\u00a0\u202f ])/

function separatorKind(separator: string): string {
  if (separator === '.' || separator === ',') {
    return separator
  }
  return separator === "'" || separator === '’' ? "'" : ' '
}

// Returns the index of the decimal separator among `separators`, or -1 when all group thousands.
function decimalSeparatorIndex(separators: string[], groups: string[]): number {
  const last = separators.length - 1
  const lastSeparator = separators[last]
  if (lastSeparator !== '.' && lastSeparator !== ',') {
    return -1
  }
  if (separators.filter((separator) => separator === lastSeparator).length > 1) {
    return -1
  }
  if (separators.length > 1) {
    return last
  }
  // A single separator before exactly three digits groups thousands ("1,234"), unless the integer
  // part is zero ("0.500") or too long to be a thousands group ("12345.678").
  const head = groups[0] ?? ''
  const isThousands =
    groups[1]?.length === THOUSANDS_GROUP_LENGTH &&
    Number(head) !== 0 &&
    head.length <= THOUSANDS_GROUP_LENGTH
  return isThousands ? -1 : 0
}

function parseUnsignedNumber(text: string): number | null {
  const parts = text.split(SEPARATOR_SPLIT)
  const groups = parts.filter((_, index) => index % 2 === 0)
  const separators = parts.filter((_, index) => index % 2 === 1).map(separatorKind)
  if (separators.length === 0) {
    return Number(text)
  }
  if (groups[0] === '') {
    // A leading separator (".99") can only be a decimal point.
    return separators.length === 1 ? Number(`0.${groups[1]}`) : null
  }
  if (groups.some((group) => group === '')) {
    return null
  }
  const decimalIndex = decimalSeparatorIndex(separators, groups)
  const integerGroups = decimalIndex === -1 ? groups : groups.slice(0, decimalIndex + 1)
  const thousands = decimalIndex === -1 ? separators : separators.slice(0, decimalIndex)
  if (thousands.some((separator) => separator !== thousands[0])) {
    return null
  }
  const [head = '', ...tail] = integerGroups
  const wellGrouped =
    head.length <= THOUSANDS_GROUP_LENGTH &&
    tail.every((group) => group.length === THOUSANDS_GROUP_LENGTH)
  if (thousands.length > 0 && !wellGrouped) {
    return null
  }
  const fraction = decimalIndex === -1 ? '0' : groups[decimalIndex + 1]
  return Number(`${integerGroups.join('')}.${fraction}`)
}

/** Parses a displayed price ("$19.99", "19,99 €", "-1.234,50 EUR") to a number; null if none. */
export function parsePrice(text: string | null | undefined): number | null {
  const trimmed = (text ?? '').trim()
  if ((NO_PRICE_TEXTS as readonly string[]).includes(trimmed.toLowerCase())) {
    return null
  }
  const match = PRICE_PATTERN.exec(trimmed)
  if (!match) {
    return null
  }
  const [, outerSign = '', innerSign = '', digits = ''] = match
  if (outerSign !== '' && innerSign !== '') {
    return null
  }
  const value = parseUnsignedNumber(digits)
  if (value === null || !Number.isFinite(value)) {
    return null
  }
  const negative = outerSign !== '' || innerSign !== ''
  return negative && value !== 0 ? -value : value
}

function formatDecimal(amount: number): string {
  return new Intl.NumberFormat('en-US', {
    minimumFractionDigits: PRICE_FRACTION_DIGITS,
    maximumFractionDigits: PRICE_FRACTION_DIGITS,
  }).format(amount)
}

/** Formats an amount with 2 decimals in en-US style ("$19.99"); non-codes ("€") fall back. */
export function formatPrice(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: PRICE_FRACTION_DIGITS,
      maximumFractionDigits: PRICE_FRACTION_DIGITS,
    }).format(amount)
  } catch {
    // Not a well-formed currency code: show a symbol in front ("€19.99") and anything else after ("19.99 pts").
    const number = formatDecimal(Math.abs(amount))
    const sign = amount < 0 ? '-' : ''
    const label = currency.trim()
    if (label === '') {
      return `${sign}${number}`
    }
    return /\p{Sc}/u.test(label) ? `${sign}${label}${number}` : `${sign}${number} ${label}`
  }
}

/** Rounds an amount to whole cents. */
export function roundToCents(amount: number): number {
  // toPrecision absorbs binary noise (9.995 * 100 is 999.4999...) before rounding half away from 0.
  const cents = Math.round(Number((Math.abs(amount) * PERCENT).toPrecision(CENTS_PRECISION)))
  const rounded = (Math.sign(amount) * cents) / PERCENT
  return rounded === 0 ? 0 : rounded
}

/** Applies a discount if its status is VALID (else the normal amount); never below 0, in cents. */
export function applyDiscount(amount: number, discount: Discount | null | undefined): number {
  if (!discount || discount.status !== DiscountStatus.VALID) {
    return amount
  }
  // A negative discount would raise the price: treat it as no discount.
  const value = Math.max(0, discount.value)
  const discounted =
    discount.type === DiscountType.ABSOLUTE ? amount - value : amount * (1 - value / PERCENT)
  return roundToCents(Math.max(0, discounted))
}

/** The amount to show for a price: the server's discounted figure if valid, else computed. */
export function effectivePrice(price: Price): number {
  const discount = price.discount
  const serverFigure = discount?.discountedUserPlanPrice
  if (discount?.status === DiscountStatus.VALID && typeof serverFigure === 'number') {
    return roundToCents(Math.max(0, serverFigure))
  }
  return applyDiscount(price.amount, discount)
}

/** Whether a product or subscription has a recognised plan type and duration. */
export function isValidPlanProduct(product: {
  type?: string | null
  duration?: string | null
}): boolean {
  const { type, duration } = product
  return (
    (PURCHASABLE_PLAN_TYPES as readonly (string | null | undefined)[]).includes(type) &&
    (Object.values(UserPlanDuration) as (string | null | undefined)[]).includes(duration)
  )
}

/** Whether a discount code is one the product knows (case-insensitive), Black Friday included. */
export function isKnownDiscountCode(code: string): boolean {
  const normalized = code.trim().toUpperCase()
  return normalized === BLACK_FRIDAY.code || Object.hasOwn(DISCOUNT_CODES, normalized)
}

/** Whether `now` (epoch millis) falls in the Black Friday period, 23 to 30 November (UTC). */
export function isBlackFridayPeriod(now: number): boolean {
  const date = new Date(now)
  const day = date.getUTCDate()
  return (
    date.getUTCMonth() + 1 === BLACK_FRIDAY.month &&
    day >= BLACK_FRIDAY.firstDay &&
    day <= BLACK_FRIDAY.lastDay
  )
}

/** Whether to show the Black Friday banner: users not on a paid plan, during the period. */
export function shouldShowBlackFridayBanner(plan: Plan, now: number): boolean {
  return !isPaidPlan(plan) && isBlackFridayPeriod(now)
}

/** The retention offer for a plan duration, or null (lifetime plans have none). */
export function retentionOfferFor(duration: UserPlanDuration): RetentionOffer | null {
  return RETENTION_OFFERS[duration] ?? null
}

/** When a trial-style plan granted at `now` expires (365 days later). */
export function trialStylePlanExpiresAt(now: number): number {
  return now + TRIAL_STYLE_PLAN_DAYS * MILLIS_PER_DAY
}
