// /oauth/notion, where Notion sends the person back after they allowed (or refused) the Inkmark
// integration: checks the state, exchanges the code through the misc server, keeps the token on
// this device and returns to the Integrations view with a toast. A failure is said plainly with a
// way back to Integrations; nothing is stored.
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useToast } from '../components/Toasts'
import { useIntegrationTokens } from './integration-tokens'
import { exchangeNotionCode } from './integrations-api'
import { exchangeOnce, takeNotionCallback } from './notion-callback'
import { notionRedirectUri } from './notion-oauth'

/** The Notion callback page. */
export function NotionCallbackPage() {
  const [error, setError] = useState<string>()
  const { setNotion } = useIntegrationTokens()
  const { showToast } = useToast()
  const navigate = useNavigate()

  useEffect(() => {
    let live = true
    const callback = takeNotionCallback()
    if (callback.kind === 'error') {
      setError(callback.message)
      return
    }
    const redirectUri = notionRedirectUri(window.location.origin)
    void exchangeOnce(callback.code, (code) => exchangeNotionCode(code, redirectUri)).then(
      (outcome) => {
        if (!live) {
          return
        }
        if (outcome.kind === 'failed') {
          setError(outcome.message)
          return
        }
        const { accessToken, workspaceName } = outcome.answer
        setNotion(workspaceName ? { token: accessToken, workspaceName } : { token: accessToken })
        showToast({
          message: workspaceName ? `Notion connected: ${workspaceName}` : 'Notion connected',
          kind: 'success',
        })
        void navigate({ to: '/settings', search: { view: 'integrations' }, replace: true })
      },
    )
    return () => {
      live = false
    }
  }, [navigate, setNotion, showToast])

  return (
    <section className="notion-callback" aria-labelledby="notion-callback-heading">
      <h1 id="notion-callback-heading">Connecting Notion</h1>
      {error === undefined ? (
        <p role="status">Finishing the connection to Notion…</p>
      ) : (
        <>
          <p className="integration-error" role="alert">
            {error}
          </p>
          <p>
            <Link to="/settings" search={{ view: 'integrations' }}>
              Back to Integrations
            </Link>
          </p>
        </>
      )}
    </section>
  )
}
