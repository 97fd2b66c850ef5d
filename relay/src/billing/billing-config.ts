// Which payment provider the relay uses and its settings, read from the environment once at start-up
// and validated, so a Paddle relay missing its webhook secret fails loudly instead of accepting
// unverifiable events. Billing off (the default) gives every account INKMARK_DEFAULT_PLAN, Ultimate
// unless set: a relay that takes no payments must not lock its own people out of sync
// (docs/adr/051-relay-billing.md).
import { randomBytes } from 'node:crypto'
import {
  BillingProviderKind,
  PURCHASABLE_PLAN_TYPES,
  UserPlanDuration,
  type BillingPlanId,
} from '@inkmark/shared'

/** The plan every account gets when billing is off. */
export const DefaultPlan = {
  FREE: 'FREE',
  PREMIUM: 'PREMIUM',
  ULTIMATE: 'ULTIMATE',
} as const
export type DefaultPlan = (typeof DefaultPlan)[keyof typeof DefaultPlan]

/** Billing off gives Ultimate unless INKMARK_DEFAULT_PLAN says otherwise (ADR 051). */
export const DEFAULT_BILLING_OFF_PLAN: DefaultPlan = DefaultPlan.ULTIMATE

export interface PaddleSettings {
  apiKey: string
  webhookSecret: string
  clientToken: string
  environment: 'sandbox' | 'production'
  /** Paddle price id per `${plan}_${duration}`. */
  priceIds: Partial<Record<BillingPlanId, string>>
  /** Tests only: the address of the local Paddle stand-in instead of Paddle's API. */
  apiUrl?: string
}

export interface BillingSettings {
  provider: BillingProviderKind
  /** The plan of every account while billing is off (provider none). */
  defaultPlan: DefaultPlan
  /** The secret the test provider signs its events with (random per start unless given). */
  testWebhookSecret: string
  paddle?: PaddleSettings
}

const PLAN_IDS: readonly string[] = PURCHASABLE_PLAN_TYPES.flatMap((plan) =>
  Object.values(UserPlanDuration).map((duration) => `${plan}_${duration}`),
)

function readProvider(text: string | undefined): BillingProviderKind {
  const value = text?.trim().toLowerCase() || BillingProviderKind.NONE
  if (!(Object.values(BillingProviderKind) as string[]).includes(value)) {
    throw new Error(`INKMARK_BILLING_PROVIDER must be none, test or paddle, got '${text}'`)
  }
  return value as BillingProviderKind
}

function readDefaultPlan(text: string | undefined): DefaultPlan {
  const value = text?.trim().toUpperCase() || DEFAULT_BILLING_OFF_PLAN
  if (!(Object.values(DefaultPlan) as string[]).includes(value)) {
    throw new Error(`INKMARK_DEFAULT_PLAN must be FREE, PREMIUM or ULTIMATE, got '${text}'`)
  }
  return value as DefaultPlan
}

/** PADDLE_PRICE_IDS: a JSON object from `${plan}_${duration}` to a Paddle price id (pri_...). */
export function readPriceIds(text: string | undefined): Partial<Record<BillingPlanId, string>> {
  let parsed: unknown
  try {
    parsed = JSON.parse(text ?? '')
  } catch {
    throw new Error('PADDLE_PRICE_IDS must be a JSON object such as {"ULTIMATE_1Y":"pri_..."}')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('PADDLE_PRICE_IDS must be a JSON object such as {"ULTIMATE_1Y":"pri_..."}')
  }
  const priceIds: Partial<Record<BillingPlanId, string>> = {}
  const seen = new Set<string>()
  for (const [planId, priceId] of Object.entries(parsed)) {
    if (!PLAN_IDS.includes(planId)) {
      throw new Error(`PADDLE_PRICE_IDS: unknown plan '${planId}' (use ${PLAN_IDS.join(', ')})`)
    }
    if (typeof priceId !== 'string' || !/^pri_[a-z0-9]+$/i.test(priceId)) {
      throw new Error(`PADDLE_PRICE_IDS: '${planId}' needs a Paddle price id (pri_...)`)
    }
    if (seen.has(priceId)) {
      throw new Error(`PADDLE_PRICE_IDS: the price id '${priceId}' is given for two plans`)
    }
    seen.add(priceId)
    priceIds[planId as BillingPlanId] = priceId
  }
  if (seen.size === 0) {
    throw new Error('PADDLE_PRICE_IDS names no price: nothing could be bought')
  }
  return priceIds
}

function required(env: Record<string, string | undefined>, name: string): string {
  const value = env[name]?.trim()
  if (!value) {
    throw new Error(`INKMARK_BILLING_PROVIDER=paddle needs ${name}`)
  }
  return value
}

function readPaddle(env: Record<string, string | undefined>, production: boolean): PaddleSettings {
  const environment = env.PADDLE_ENVIRONMENT?.trim() || 'sandbox'
  if (environment !== 'sandbox' && environment !== 'production') {
    throw new Error(`PADDLE_ENVIRONMENT must be sandbox or production, got '${environment}'`)
  }
  const apiUrl = env.PADDLE_API_URL?.trim() || undefined
  if (apiUrl && production) {
    throw new Error(
      'PADDLE_API_URL points the relay at a Paddle stand-in: tests only, never in production',
    )
  }
  return {
    apiKey: required(env, 'PADDLE_API_KEY'),
    webhookSecret: required(env, 'PADDLE_WEBHOOK_SECRET'),
    clientToken: required(env, 'PADDLE_CLIENT_TOKEN'),
    environment,
    priceIds: readPriceIds(required(env, 'PADDLE_PRICE_IDS')),
    ...(apiUrl ? { apiUrl } : {}),
  }
}

/** Reads the billing settings from `env`. Throws the message the operator reads. */
export function readBillingSettings(
  env: Record<string, string | undefined>,
  production: boolean,
): BillingSettings {
  const provider = readProvider(env.INKMARK_BILLING_PROVIDER)
  // The test provider lets anyone with an account give themselves any plan: never in production by
  // accident, only when the operator says so (a demo server).
  if (
    provider === BillingProviderKind.TEST &&
    production &&
    env.INKMARK_ALLOW_TEST_BILLING?.trim() !== '1'
  ) {
    throw new Error(
      'INKMARK_BILLING_PROVIDER=test with NODE_ENV=production lets anyone with an account give themselves any plan (no money moves); set INKMARK_ALLOW_TEST_BILLING=1 to allow it on purpose',
    )
  }
  return {
    provider,
    defaultPlan: readDefaultPlan(env.INKMARK_DEFAULT_PLAN),
    testWebhookSecret:
      env.INKMARK_TEST_BILLING_SECRET?.trim() || randomBytes(32).toString('base64url'),
    ...(provider === BillingProviderKind.PADDLE ? { paddle: readPaddle(env, production) } : {}),
  }
}
