// The plans with their prices, shared by the /pricing page and the pricing dialog: the monthly /
// yearly / lifetime switch, a card per plan (its features, its price in the visitor's currency with
// a VALID discount's old price struck through and its code, the current plan marked), a discount
// code field, and the buy buttons of the relay's payment provider (none when billing is off).
import { Button, TextField, classNames } from '@inkmark/design'
import {
  PURCHASABLE_PLAN_TYPES,
  UserPlanDuration,
  billingPlanId,
  planDisplayName,
  type PurchasablePlanType,
} from '@inkmark/shared'
import { useNavigate } from '@tanstack/react-router'
import { useMemo, useState, type FormEvent } from 'react'
import { Label, Radio, RadioGroup } from 'react-aria-components'
import { useSession } from '../account/SessionProvider'
import { runCheckout } from './checkout/run-checkout'
import { usePaddlePreviews } from './checkout/use-paddle-previews'
import { FinishingUpgrade, planFingerprint } from './FinishingUpgrade'
import {
  DURATIONS,
  PLAN_FEATURES,
  browserCountryCode,
  currentPurchasedPlan,
  priceDisplay,
} from './pricing-model'
import { signInPath } from './sign-in-path'
import { useBillingConfig, usePrices } from './use-billing-data'
import './billing.css'

/** Props of PricingPlans. */
export interface PricingPlansProps {
  /** The level of each plan card's heading (the page or dialog's title is one above). */
  headingLevel?: 2 | 3
  /** The period the switch starts on (yearly when not given). */
  initialDuration?: UserPlanDuration | undefined
  /** A discount code to apply at once (the page's `discountCode` parameter). */
  initialDiscountCode?: string | undefined
}

/** Whether `value` is a plan duration (the switch's values, the page's `duration` parameter). */
export function isDuration(value: unknown): value is UserPlanDuration {
  return (Object.values(UserPlanDuration) as unknown[]).includes(value)
}

/** The plans, their prices and the buttons that buy them. */
export function PricingPlans({
  headingLevel = 2,
  initialDuration,
  initialDiscountCode,
}: PricingPlansProps) {
  const { session } = useSession()
  const navigate = useNavigate()
  const countryCode = useMemo(browserCountryCode, [])
  const [duration, setDuration] = useState<UserPlanDuration>(
    initialDuration ?? UserPlanDuration.ONE_YEAR,
  )
  const [codeInput, setCodeInput] = useState(initialDiscountCode ?? '')
  const [code, setCode] = useState<string | undefined>(initialDiscountCode)
  const { config, retry: retryConfig } = useBillingConfig()
  const { prices, retry: retryPrices } = usePrices(countryCode, code)
  const [buying, setBuying] = useState<PurchasablePlanType>()
  const [buyError, setBuyError] = useState<string>()
  const [paidFrom, setPaidFrom] = useState<string>()
  const previews = usePaddlePreviews(
    config.status === 'ready' ? config.value : undefined,
    countryCode,
  )

  if (paidFrom !== undefined) {
    return <FinishingUpgrade previousPlan={paidFrom} />
  }

  const current = session === null ? null : currentPurchasedPlan(session.plan)
  const provider = config.status === 'ready' ? config.value.provider : undefined
  const Heading = headingLevel === 2 ? 'h2' : 'h3'

  const buy = (plan: PurchasablePlanType) => {
    if (session === null || config.status !== 'ready') {
      return
    }
    setBuying(plan)
    setBuyError(undefined)
    const previousPlan = planFingerprint(session)
    runCheckout(config.value, session.token, {
      plan,
      duration,
      ...(code === undefined ? {} : { discountCode: code }),
      ...(countryCode === undefined ? {} : { countryCode }),
    }).then(
      (result) => {
        setBuying(undefined)
        if (result.kind === 'test-page') {
          void navigate({
            to: '/test-checkout/$checkoutId',
            params: { checkoutId: result.checkoutId },
          })
        } else if (result.kind === 'paid') {
          setPaidFrom(previousPlan)
        }
      },
      (error: unknown) => {
        setBuying(undefined)
        setBuyError(error instanceof Error ? error.message : String(error))
      },
    )
  }

  const applyCode = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = codeInput.trim().toUpperCase()
    setCode(trimmed === '' ? undefined : trimmed)
  }

  if (prices.status === 'loading' || config.status === 'loading') {
    return (
      <p className="pricing-status" role="status" aria-busy="true">
        Loading prices…
      </p>
    )
  }
  if (prices.status === 'error' || config.status === 'error') {
    return (
      <div className="pricing-status" role="alert">
        <p>Prices cannot be loaded: the server did not answer.</p>
        <Button
          onPress={() => {
            retryConfig()
            retryPrices()
          }}
        >
          Try again
        </Button>
      </div>
    )
  }

  const codeApplies =
    code === undefined || prices.value.some((price) => price.discount?.code?.toUpperCase() === code)

  return (
    <div className="pricing">
      {provider === 'none' && (
        <p className="pricing-billing-off" data-billing="off">
          Payments are switched off on this server: there is nothing to buy, every account gets the
          plan its operator chose
          {session === null ? '.' : ` (yours: ${session.planName}).`}
        </p>
      )}
      <RadioGroup
        className="pricing-switch"
        orientation="horizontal"
        value={duration}
        onChange={(value) => isDuration(value) && setDuration(value)}
      >
        <Label className="ink-visually-hidden">Billing period</Label>
        {DURATIONS.map((choice) => (
          <Radio key={choice.id} value={choice.id} className="pricing-switch__option">
            {choice.label}
          </Radio>
        ))}
      </RadioGroup>
      <div className="pricing-cards">
        {PURCHASABLE_PLAN_TYPES.map((plan) => {
          const shown = priceDisplay(prices.value, plan, duration)
          const isCurrent = current === plan
          const name = planDisplayName(plan)
          return (
            <section
              key={plan}
              className={classNames('pricing-card', isCurrent && 'pricing-card--current')}
              aria-labelledby={`pricing-card-${plan}`}
              data-plan={plan}
            >
              <Heading id={`pricing-card-${plan}`} className="pricing-card__name">
                {name}
              </Heading>
              {isCurrent && <p className="pricing-card__current">Your current plan</p>}
              {shown === null ? (
                <p className="pricing-card__price">Not sold for this period</p>
              ) : (
                <p className="pricing-card__price" data-price={plan}>
                  {shown.oldAmount !== null && (
                    <>
                      <s className="pricing-card__old">
                        <span className="ink-visually-hidden">Was </span>
                        {shown.oldAmount}
                      </s>{' '}
                    </>
                  )}
                  <strong className="pricing-card__amount">{shown.amount}</strong>
                  {shown.period}
                </p>
              )}
              {shown !== null &&
                shown.oldAmount === null &&
                previews.has(billingPlanId(plan, duration)) && (
                  <p className="pricing-card__preview">
                    At checkout: {previews.get(billingPlanId(plan, duration))} (taxes included)
                  </p>
                )}
              {shown?.isBlackFriday === true && (
                <p className="pricing-card__deal">Black Friday: code {shown.code} applied</p>
              )}
              {shown !== null && shown.code !== null && !shown.isBlackFriday && (
                <p className="pricing-card__deal">Code {shown.code} applied</p>
              )}
              <ul className="pricing-card__features">
                {PLAN_FEATURES[plan].map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              {provider !== 'none' &&
                shown !== null &&
                !isCurrent &&
                (session === null ? (
                  <a
                    className="ink-button ink-button--primary ink-button--md"
                    href={signInPath(`/pricing?duration=${encodeURIComponent(duration)}`)}
                  >
                    Sign in to buy {name}
                  </a>
                ) : (
                  <Button
                    variant="primary"
                    isDisabled={buying !== undefined}
                    onPress={() => buy(plan)}
                  >
                    {buying === plan ? 'Opening checkout…' : `Buy ${name}`}
                  </Button>
                ))}
            </section>
          )
        })}
      </div>
      {buyError !== undefined && (
        <p className="pricing-error" role="alert">
          {buyError}
        </p>
      )}
      <form className="pricing-code" onSubmit={applyCode}>
        <TextField
          label="Discount code"
          value={codeInput}
          onChange={setCodeInput}
          {...(codeApplies ? {} : { errorMessage: `The code ${code} does not apply` })}
          isInvalid={!codeApplies}
        />
        <Button type="submit">Apply code</Button>
      </form>
    </div>
  )
}
