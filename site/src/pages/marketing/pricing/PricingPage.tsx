// /pricing: the plans with the monthly / yearly / lifetime switch. The HTML is prerendered with
// the shared default prices; after hydration the page asks the relay's GET /pricing (the stored
// token's plan, the page's discountCode, the browser's country) and shows its catalogue, or keeps
// the defaults and says the prices could not be refreshed. Black Friday by the site's clock.
// "Buy" continues to the web app's /pricing, where checkout happens.
import {
  Plan,
  PLAN_DISPLAY_NAMES,
  PURCHASABLE_PLAN_TYPES,
  UserPlanDuration,
  BLACK_FRIDAY,
  shouldShowBlackFridayBanner,
  type Price,
  type PurchasablePlanType,
} from '@inkmark/shared'
import { useEffect, useState } from 'react'
import { Link } from '../../../app/Link'
import { siteNow } from '../../../app/now'
import type { PageMeta, PageProps } from '../../../app/route-types'
import { siteConfig } from '../../../app/site-config'
import { pageTitle } from '../common/product-facts'
import { DurationSwitch } from './DurationSwitch'
import {
  TOKEN_STORAGE_KEY,
  checkoutUrl,
  countryCodeFromLocales,
  defaultPrices,
  discountCodeFromSearch,
  fetchPrices,
  mergePrices,
  priceView,
  visiblePrices,
  visitorPlan,
} from './pricing-model'
import '../common/marketing.css'
import './pricing.css'

const FEATURES: Readonly<Record<PurchasablePlanType, readonly string[]>> = {
  PREMIUM: [
    'Everything in Basic',
    'Sync between your browsers and the web app',
    'Share pages and highlights by link',
    '100 MB for saved page contents',
  ],
  ULTIMATE: [
    'Everything in Premium',
    'Unlimited AI summaries and chats',
    'Unlimited YouTube videos',
    'Image highlighting',
    '1 GB for saved page contents',
  ],
}

const BASIC_FEATURES: readonly string[] = [
  'Highlights, notes and tags on web pages and PDFs',
  'Reader mode, learning, import, export and backup',
  'One AI summary, one AI chat and one YouTube video a day',
]

type Refresh = 'prerendered' | 'loading' | 'refreshed' | 'failed'

interface Visitor {
  plan: Plan
  now: number
  discountCode: string | undefined
}

function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY)
  } catch {
    return null
  }
}

/** The pricing page. */
export default function PricingPage(_props: PageProps) {
  const [duration, setDuration] = useState<UserPlanDuration>(UserPlanDuration.ONE_YEAR)
  const [catalogue, setCatalogue] = useState<readonly Price[]>(defaultPrices)
  const [refresh, setRefresh] = useState<Refresh>('prerendered')
  const [visitor, setVisitor] = useState<Visitor | null>(null)

  useEffect(() => {
    const now = siteNow()
    const plan = visitorPlan(readStoredToken(), now)
    const discountCode = discountCodeFromSearch(window.location.search)
    setVisitor({ plan, now, discountCode })
    setRefresh('loading')
    let isCurrent = true
    const locales = navigator.languages.length > 0 ? navigator.languages : [navigator.language]
    fetchPrices(siteConfig.relayUrl, {
      plan,
      discountCode,
      countryCode: countryCodeFromLocales(locales),
    }).then(
      (prices) => {
        if (isCurrent) {
          setCatalogue(mergePrices(defaultPrices(), prices))
          setRefresh('refreshed')
        }
      },
      () => {
        if (isCurrent) {
          setRefresh('failed')
        }
      },
    )
    return () => {
      isCurrent = false
    }
  }, [])

  const prices = visitor === null ? catalogue : visiblePrices(catalogue, visitor.plan, visitor.now)
  const isBlackFriday = visitor !== null && shouldShowBlackFridayBanner(visitor.plan, visitor.now)
  const codeNotApplied =
    visitor?.discountCode !== undefined &&
    refresh === 'refreshed' &&
    !prices.some((price) => price.discount?.code?.toUpperCase() === visitor.discountCode)

  return (
    <div className="mk-page mk-pricing">
      <h1>Pricing</h1>
      <p className="mk-lead">
        Inkmark is free, with no account needed. Premium adds sync and sharing; Ultimate adds
        unlimited AI and YouTube. <Link to="/premium">Compare the plans</Link>
      </p>
      {isBlackFriday && (
        <aside className="mk-bf-banner" aria-labelledby="bf-title">
          <h2 id="bf-title">Black Friday: {BLACK_FRIDAY.percentOff}% off yearly plans</h2>
          <p>
            Until 30 November, Premium and Ultimate cost {BLACK_FRIDAY.percentOff}% less for the
            first year.
          </p>
        </aside>
      )}
      <DurationSwitch value={duration} onChange={setDuration} />
      <p className="mk-pricing-status" role="status">
        {refresh === 'loading' && 'Checking the prices for your country…'}
        {refresh === 'failed' &&
          'The prices could not be refreshed. These are the standard prices in US dollars; the web app shows your price before you pay.'}
        {codeNotApplied &&
          `The discount code ${visitor?.discountCode ?? ''} does not apply to these prices.`}
      </p>
      <ul className="mk-grid mk-pricing-plans">
        <li className="mk-card mk-plan">
          <h2>{PLAN_DISPLAY_NAMES[Plan.FREE]}</h2>
          <p className="mk-plan-price">Free</p>
          <ul>
            {BASIC_FEATURES.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          {visitor?.plan === Plan.FREE && <p className="mk-plan-current">Your plan</p>}
        </li>
        {PURCHASABLE_PLAN_TYPES.map((plan) => {
          const view = priceView(prices, plan, duration)
          const name = PLAN_DISPLAY_NAMES[plan]
          return (
            <li key={plan} className="mk-card mk-plan" data-plan={plan}>
              <h2>{name}</h2>
              {view === null ? (
                <p className="mk-plan-price">Price shown in the web app</p>
              ) : (
                <p className="mk-plan-price">
                  {view.oldAmount !== null && (
                    <>
                      <del>
                        <span className="mk-visually-hidden">was </span>
                        {view.oldAmount}
                      </del>{' '}
                    </>
                  )}
                  <span className="mk-plan-amount">{view.amount}</span>
                  <span className="mk-plan-period">{view.period}</span>
                  {view.code !== null && (
                    <span className="mk-plan-code"> with code {view.code}</span>
                  )}
                </p>
              )}
              <ul>
                {FEATURES[plan].map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              {visitor?.plan === plan && <p className="mk-plan-current">Your plan</p>}
              <a
                className="ink-button ink-button--primary ink-button--md"
                href={checkoutUrl(siteConfig.appUrl, plan, duration, view?.code ?? null)}
              >
                Buy {name}
              </a>
            </li>
          )
        })}
      </ul>
      <p className="mk-pricing-note">
        Checkout happens in the web app, with our payment provider Paddle. Cancel any time; your
        plan runs to the end of the period you paid for.
      </p>
    </div>
  )
}

/** The pricing page's metadata. */
export function meta(_props: PageProps): PageMeta {
  return {
    title: pageTitle('Pricing'),
    description:
      'Inkmark plans and prices: Basic is free; Premium adds sync and sharing; Ultimate adds unlimited AI and YouTube. Monthly, yearly or lifetime.',
    breadcrumbs: [{ label: 'Home', path: '/' }, { label: 'Pricing' }],
  }
}
