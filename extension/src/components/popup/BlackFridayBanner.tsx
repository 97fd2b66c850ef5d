// The Black Friday banner of the popup (spec: 23 to 30 November, for users not on a paid plan):
// the offer in one line, "Upgrade now" to the web app's pricing page in a new tab, and a close
// button that hides it for the rest of the week (black-friday.ts).
import { BLACK_FRIDAY, type Plan } from '@inkmark/shared'
import { useState } from 'react'
import { APP_PRICING_URL } from '../../pages/app-url'
import { closeBlackFridayBanner, showsBlackFridayBanner } from './black-friday'

/** Opens the web app's pricing page in a new tab and closes the popup. */
export function openPricing(): void {
  void chrome.tabs.create({ url: APP_PRICING_URL })
  window.close()
}

/** The banner, or nothing outside the week, on a paid plan, or once closed. */
export function BlackFridayBanner({ plan, onClosed }: { plan: Plan; onClosed: () => void }) {
  const [closed, setClosed] = useState(false)
  if (closed || !showsBlackFridayBanner(plan, Date.now(), localStorage)) {
    return null
  }
  const close = () => {
    closeBlackFridayBanner(Date.now(), localStorage)
    setClosed(true)
    onClosed()
  }
  return (
    <section
      className="ink-popup-section ink-popup-teaser"
      aria-labelledby="black-friday-heading"
      data-testid="black-friday-banner"
    >
      <div className="ink-popup-teaser-head">
        <h2 id="black-friday-heading">Black Friday</h2>
        <button
          type="button"
          className="ink-popup-close"
          aria-label="Close the Black Friday offer"
          onClick={close}
        >
          <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.75" />
          </svg>
        </button>
      </div>
      <p className="ink-popup-teaser-text">
        {BLACK_FRIDAY.percentOff}% off yearly plans until 30 November
      </p>
      <div className="ink-popup-row">
        <button
          type="button"
          className="ink-popup-button"
          data-variant="primary"
          data-grow=""
          onClick={openPricing}
        >
          Upgrade now
        </button>
      </div>
    </section>
  )
}
