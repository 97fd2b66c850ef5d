// The billing calls' shapes as the issue 16 contract names them. They move to
// shared/src/domain/billing.ts (the relay-billing branch); until that lands the web app keeps this
// copy, which is re-exported from there once merged.
import type { PurchasablePlanType, UserPlanDuration } from '@inkmark/shared'

export type BillingProviderKind = 'none' | 'test' | 'paddle'

export interface BillingConfig {
  provider: BillingProviderKind
  paddle?: {
    environment: 'sandbox' | 'production'
    clientToken: string
    priceIds: Partial<Record<`${PurchasablePlanType}_${UserPlanDuration}`, string>>
  }
}

export type CheckoutStart =
  | { provider: 'test'; checkoutId: string }
  | {
      provider: 'paddle'
      priceId: string
      customData: { userId: string; checkoutId: string }
      customerEmail: string
      discountCode?: string
    }

export interface BillingMoney {
  amount: number
  currency: string
}

export interface Subscription {
  subscription_id: string
  state: 'active' | 'trialing' | 'past_due' | 'paused' | 'canceled'
  plan_id: string
  plan: PurchasablePlanType
  duration: UserPlanDuration
  last_payment: (BillingMoney & { date: number }) | null
  next_payment: (BillingMoney & { date: number }) | null
  payment_information: { method: 'card' | 'paypal' | 'other'; cardBrand?: string; last4?: string } | null
  scheduledCancelAt: number | null
  discount: { code: string; endsAt: number | null } | null
}

export interface BillingTransaction {
  id: string
  date: number
  status: 'completed' | 'refunded' | 'failed'
  total: BillingMoney
  description: string
  invoiceAvailable: boolean
}

export type CancellationOfferKind = 'free_month' | 'half_price_next_year'

export interface TestCheckoutOrder {
  checkoutId: string
  plan: PurchasablePlanType
  duration: UserPlanDuration
  amount: number
  currency: string
  discountCode?: string
}
