// The Emails section of the Notifications settings: two switches, "Product emails" (the spec's
// emailSettings ALL or NONE) and "Daily learning reminder" (isLearningReminderEmailEnabled), kept
// on the relay for the signed-in account. The reminder switch is off and disabled while product
// emails are off (NONE sends nothing). Signed out, it says where the settings come from.
import { Switch } from '@inkmark/design'
import { Message, RelayCallError, type EmailSettings } from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useSession } from '../account/SessionProvider'
import '../account/account.css'
import { fetchEmailSettings, saveEmailSettings } from './email-settings-api'
import './email-settings.css'

function messageOf(error: unknown): string {
  return error instanceof RelayCallError ? error.message : Message.SERVER_NOT_REACHABLE
}

/** The Emails section. */
export function EmailSettingsSection() {
  const { session } = useSession()
  const token = session?.token
  const [settings, setSettings] = useState<EmailSettings>()
  const [error, setError] = useState<string>()
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    setSettings(undefined)
    setError(undefined)
    if (token === undefined) {
      return
    }
    let current = true
    fetchEmailSettings(token).then(
      (answer) => current && setSettings(answer),
      (failure: unknown) => current && setError(messageOf(failure)),
    )
    return () => {
      current = false
    }
  }, [token])

  async function change(next: Partial<EmailSettings>) {
    if (token === undefined) {
      return
    }
    setSaving(true)
    setError(undefined)
    try {
      setSettings(await saveEmailSettings(token, next))
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setSaving(false)
    }
  }

  return (
    <section aria-labelledby="email-settings-heading" className="email-settings">
      <h2 id="email-settings-heading">Emails</h2>
      {token === undefined ? (
        <p>
          <Link to="/login">Log in</Link> to choose which emails Inkmark sends you.
        </p>
      ) : settings === undefined ? (
        error === undefined ? (
          <p role="status">Loading your email settings…</p>
        ) : null
      ) : (
        <>
          <Switch
            isSelected={settings.emailSettings === 'ALL'}
            isDisabled={saving}
            onChange={(on) => void change({ emailSettings: on ? 'ALL' : 'NONE' })}
          >
            Product emails
          </Switch>
          <Switch
            isSelected={settings.emailSettings === 'ALL' && settings.isLearningReminderEmailEnabled}
            isDisabled={saving || settings.emailSettings !== 'ALL'}
            onChange={(on) => void change({ isLearningReminderEmailEnabled: on })}
          >
            Daily learning reminder
          </Switch>
          <p className="email-settings-hint">
            The reminder comes in the evening when cards are waiting and today&apos;s target is not
            reached yet.
          </p>
        </>
      )}
      {error !== undefined && (
        <p className="account-error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}
