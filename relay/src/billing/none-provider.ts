// Billing off (INKMARK_BILLING_PROVIDER=none, the default): nothing can be bought and every account
// has the configured default plan (plan-of.ts). Every billing call answers BILLING_OFF, so the apps
// can say so instead of failing oddly.
import { BillingProviderKind, type BillingConfig } from '@inkmark/shared'
import { ErrorCode, RelayError } from '../errors'
import type { BillingProvider } from './provider'

function billingOff(): never {
  throw new RelayError(409, ErrorCode.BILLING_OFF, 'This Inkmark server takes no payments')
}

export class NoBillingProvider implements BillingProvider {
  readonly kind = BillingProviderKind.NONE
  publicConfig(): BillingConfig {
    return { provider: this.kind }
  }
  planIdOfPrice(): undefined {
    return undefined
  }
  sells(): boolean {
    return false
  }
  checkoutStart = billingOff
  getSubscription = billingOff
  cancelAtPeriodEnd = billingOff
  cancelNow = billingOff
  resume = billingOff
  redeemOffer = billingOff
  listTransactions = billingOff
  invoiceUrl = billingOff
}
