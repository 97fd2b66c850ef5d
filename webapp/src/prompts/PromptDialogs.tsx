// The four bookmark-count prompts as modal dialogs (ModalDialog: focus kept inside, Escape
// closes). Closing any of them in any way counts as dismissing it: the flag was already stored
// when it appeared, so each shows once. Every action is a real link or command.
import { UserPrompt } from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useState } from 'react'
import { ModalDialog } from '../components/ModalDialog'
import { useToast } from '../components/Toasts'
import { SITE_URL, ratingStoreUrl, shareLinks, upgradeDeal } from './prompt-links'
import './prompts.css'

/** Below this window width the spread-the-word prompt fills the screen and gets a close button. */
export const SPREAD_THE_WORD_CLOSABLE_BELOW_PX = 900

/** The message after the link was copied (spec success toast). */
export const THANK_YOU_FOR_SHARING = 'Thank you for spreading the word!'

interface PromptProps {
  onClose: () => void
}

/** The dialog of `prompt`. */
export function PromptDialog({ prompt, onClose }: PromptProps & { prompt: UserPrompt }) {
  switch (prompt) {
    case UserPrompt.SIGN_UP:
      return <SignUpPrompt onClose={onClose} />
    case UserPrompt.CHROME_RATING:
      return <RatingPrompt onClose={onClose} />
    case UserPrompt.UPGRADE_DEAL:
      return <UpgradeDealPrompt onClose={onClose} />
    case UserPrompt.SPREAD_THE_WORD:
      return <SpreadTheWordPrompt onClose={onClose} />
  }
}

function SignUpPrompt({ onClose }: PromptProps) {
  const titleId = useId()
  return (
    <ModalDialog labelledBy={titleId} className="prompt-dialog" onClose={onClose}>
      <h2 id={titleId}>Keep your highlights safe</h2>
      <p>
        Your library lives in this browser only. Create a free account to back it up and reach it
        from your other devices.
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Not now
        </button>
        <Link to="/sign-up" className="button primary" onClick={onClose}>
          Sign up
        </Link>
      </div>
    </ModalDialog>
  )
}

function RatingPrompt({ onClose }: PromptProps) {
  const titleId = useId()
  return (
    <ModalDialog labelledBy={titleId} className="prompt-dialog" onClose={onClose}>
      <h2 id={titleId}>Enjoying Inkmark?</h2>
      <p>
        You have saved a good number of pages. A rating in the store helps other readers find
        Inkmark, and takes a minute.
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Not now
        </button>
        <a
          className="button primary"
          href={ratingStoreUrl(navigator.userAgent)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onClose}
        >
          Rate Inkmark
        </a>
      </div>
    </ModalDialog>
  )
}

function UpgradeDealPrompt({ onClose }: PromptProps) {
  const titleId = useId()
  const deal = upgradeDeal(Date.now())
  return (
    <ModalDialog labelledBy={titleId} className="prompt-dialog" onClose={onClose}>
      <h2 id={titleId}>{deal.percentOff}% off a yearly plan</h2>
      <p>
        Sync across devices, AI summaries and more with Premium or Ultimate. The code{' '}
        <strong>{deal.code}</strong> takes {deal.percentOff}% off a yearly plan.
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Not now
        </button>
        <a
          className="button primary"
          href={deal.pricingUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onClose}
        >
          See the deal
        </a>
      </div>
    </ModalDialog>
  )
}

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth)
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth)
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])
  return width
}

function SpreadTheWordPrompt({ onClose }: PromptProps) {
  const titleId = useId()
  const { showToast } = useToast()
  const [copyError, setCopyError] = useState(false)
  const closable = useWindowWidth() < SPREAD_THE_WORD_CLOSABLE_BELOW_PX

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(SITE_URL)
      setCopyError(false)
      showToast({ kind: 'success', message: THANK_YOU_FOR_SHARING })
    } catch {
      setCopyError(true)
    }
  }

  return (
    <ModalDialog
      labelledBy={titleId}
      className={closable ? 'prompt-dialog spread-the-word full-screen' : 'prompt-dialog'}
      onClose={onClose}
    >
      <div className="prompt-heading">
        <h2 id={titleId}>Spread the word</h2>
        {closable && (
          <button type="button" className="prompt-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        )}
      </div>
      <p>Inkmark is made by a small team. If it helps you, tell a friend or two.</p>
      <ul className="share-links">
        {shareLinks().map((link) => (
          <li key={link.label}>
            <a
              className="button"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => showToast({ kind: 'success', message: THANK_YOU_FOR_SHARING })}
            >
              {link.label}
            </a>
          </li>
        ))}
        <li>
          <button type="button" className="button" onClick={() => void copyLink()}>
            Copy link
          </button>
        </li>
      </ul>
      {copyError && (
        <p role="alert">
          This browser did not allow copying. The address is <code>{SITE_URL}</code>
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Maybe later
        </button>
      </div>
    </ModalDialog>
  )
}
