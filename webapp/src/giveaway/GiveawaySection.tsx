// "Give a month" (docs/adr/052-giveaways.md), placed in Upgrade & Billing: a paying subscriber
// makes gift links, each a month of Premium for someone else, a few a month. It shows how many
// are left, makes a link on request and lists this month's links with their state and a copy
// button. The relay decides who may give; a person who may not is told why.
import { Button, TextField, countLabel } from '@inkmark/design'
import { Message, RelayCallError } from '@inkmark/shared'
import { useCallback, useEffect, useState } from 'react'
import { useSession } from '../account/SessionProvider'
import { useToast } from '../components/Toasts'
import { recordProductEvent } from '../settings/usage-counts'
import {
  createGiveaway,
  getGiveawayAllowance,
  giftDate,
  giveawayUrl,
  type Giveaway,
  type GiveawayAllowance,
} from './giveaway-api'
import './giveaway.css'

const STATUS_LABELS: Record<Giveaway['status'], string> = {
  AVAILABLE: 'Waiting to be redeemed',
  REDEEMED: 'Redeemed',
  EXPIRED: 'Expired',
}

function messageOf(error: unknown): string {
  return error instanceof RelayCallError ? error.message : Message.SERVER_NOT_REACHABLE
}

/** The "Give a month" section of Upgrade & Billing. */
export function GiveawaySection() {
  const { session } = useSession()
  const { showToast } = useToast()
  const token = session?.token
  const [allowance, setAllowance] = useState<GiveawayAllowance | undefined>()
  const [error, setError] = useState<string | undefined>()
  const [creating, setCreating] = useState(false)

  const load = useCallback(async (withToken: string) => {
    try {
      setAllowance(await getGiveawayAllowance(withToken))
      setError(undefined)
    } catch (failure) {
      setError(messageOf(failure))
    }
  }, [])

  useEffect(() => {
    if (token !== undefined) {
      void load(token)
    }
  }, [token, load])

  async function create(withToken: string) {
    setCreating(true)
    try {
      await createGiveaway(withToken)
      recordProductEvent('giveaway_created')
      await load(withToken)
      showToast({ kind: 'success', message: 'Gift link made: copy it and send it to someone.' })
    } catch (failure) {
      showToast({ kind: 'error', message: messageOf(failure) })
    } finally {
      setCreating(false)
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url)
      showToast({ kind: 'success', message: 'Gift link copied.' })
    } catch {
      showToast({ kind: 'error', message: 'Copying failed: select the link and copy it.' })
    }
  }

  return (
    <section className="giveaway-section" aria-labelledby="giveaway-heading">
      <h2 id="giveaway-heading">Give a month</h2>
      <p>
        Give someone a month of Premium: you get a link, and whoever opens it first and signs in
        gets the month. It costs you nothing and never renews.
      </p>
      {token === undefined ? (
        <p>Sign in to see whether you can give a month.</p>
      ) : error !== undefined ? (
        <p className="account-error" role="alert">
          {error}
        </p>
      ) : allowance === undefined ? (
        <p role="status">Loading your gifts…</p>
      ) : !allowance.canGive ? (
        <p>Giving a month is for Premium and Ultimate subscribers.</p>
      ) : (
        <>
          <p role="status">
            {allowance.amount === 0
              ? `No gifts left this month. New ones on ${giftDate(allowance.resetsAt)}.`
              : `${countLabel(allowance.amount, 'gift')} of ${allowance.allowance} left this month.`}
          </p>
          <Button
            variant="primary"
            isDisabled={creating || allowance.amount === 0}
            onPress={() => void create(token)}
          >
            {creating ? 'Making a gift link…' : 'Make a gift link'}
          </Button>
          {allowance.giveaways.length === 0 ? (
            <p className="settings-hint">Your gift links of this month will be listed here.</p>
          ) : (
            <ul className="giveaway-links" aria-label="Your gift links this month">
              {allowance.giveaways.map((giveaway) => {
                const url = giveawayUrl(giveaway.id, window.location.origin)
                return (
                  <li key={giveaway.id}>
                    <TextField label="Gift link" value={url} isReadOnly />
                    <span className="giveaway-status">{STATUS_LABELS[giveaway.status]}</span>
                    {giveaway.status === 'AVAILABLE' && (
                      <Button variant="secondary" onPress={() => void copy(url)}>
                        Copy link
                      </Button>
                    )}
                  </li>
                )
              })}
            </ul>
          )}
        </>
      )}
    </section>
  )
}
