// The gift link's page (/giveaway/$giveawayId): what the gift is and whether it can still be taken,
// and for a signed-in person a button that redeems it. The relay changes the plan; the page then
// renews the login token so the plan shown, the features and sync follow at once.
import { Button } from '@inkmark/design'
import { Message, RelayCallError } from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { refreshToken } from '../account/account-api'
import { AccountPage } from '../account/AccountPage'
import { useSession } from '../account/SessionProvider'
import { recordProductEvent } from '../settings/usage-counts'
import '../account/account.css'
import { giftDate, giftLabel, getGiveaway, redeemGiveaway, type Giveaway } from './giveaway-api'

type Loaded =
  | { kind: 'loading' }
  | { kind: 'missing'; message: string }
  | { kind: 'loaded'; giveaway: Giveaway }

type Redemption =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'done'; until: number }
  | { kind: 'failed'; message: string }

function messageOf(error: unknown): string {
  return error instanceof RelayCallError ? error.message : Message.SERVER_NOT_REACHABLE
}

/** The page of the gift link `giveawayId`. */
export function GiveawayPage({ giveawayId }: { giveawayId: string }) {
  const { session, signIn } = useSession()
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' })
  const [redemption, setRedemption] = useState<Redemption>({ kind: 'idle' })

  useEffect(() => {
    let current = true
    getGiveaway(giveawayId).then(
      (giveaway) => current && setLoaded({ kind: 'loaded', giveaway }),
      (error: unknown) =>
        current &&
        setLoaded({
          kind: 'missing',
          message:
            error instanceof RelayCallError && error.status === 404
              ? 'This gift link does not exist. Check that the whole link was copied.'
              : messageOf(error),
        }),
    )
    return () => {
      current = false
    }
  }, [giveawayId])

  async function redeem(token: string) {
    setRedemption({ kind: 'pending' })
    try {
      const { giveaway, userPlan } = await redeemGiveaway(token, giveawayId)
      setLoaded({ kind: 'loaded', giveaway })
      setRedemption({ kind: 'done', until: userPlan.expiresDateMillis })
      recordProductEvent('giveaway_redeemed')
      // A fresh token carries the new plan: features and sync follow without signing in again.
      signIn(await refreshToken(token))
    } catch (error) {
      setRedemption((now) =>
        now.kind === 'done' ? now : { kind: 'failed', message: messageOf(error) },
      )
    }
  }

  if (loaded.kind === 'loading') {
    return (
      <AccountPage title="A gift">
        <p role="status">Opening the gift…</p>
      </AccountPage>
    )
  }
  if (loaded.kind === 'missing') {
    return (
      <AccountPage title="A gift">
        <p className="account-error" role="alert">
          {loaded.message}
        </p>
      </AccountPage>
    )
  }
  const { giveaway } = loaded
  const label = giftLabel(giveaway)
  return (
    <AccountPage title={`A gift: ${label}`}>
      <p>
        Someone who uses Inkmark gives you {label}: sync across your devices and sharing, with
        nothing to pay and nothing that renews by itself. If your plan already runs longer, it stays
        as it is.
      </p>
      {redemption.kind === 'done' ? (
        <p role="status">
          The gift is yours: {label}, until {giftDate(redemption.until)}.
        </p>
      ) : giveaway.status === 'REDEEMED' ? (
        <p role="status">This gift has been redeemed already.</p>
      ) : giveaway.status === 'EXPIRED' ? (
        <p role="status">This gift link has expired.</p>
      ) : session === null ? (
        <div className="account-form">
          <p>Log in or create a free account to redeem it, then open this link again.</p>
          <p>
            <Link to="/login">Log in</Link> · <Link to="/sign-up">Create an account</Link>
          </p>
          <p>The link works until {giftDate(giveaway.expiresAt)}.</p>
        </div>
      ) : (
        <div className="account-form">
          <p>
            {session.email === undefined ? '' : `Signed in as ${session.email}. `}The link works
            until {giftDate(giveaway.expiresAt)}.
          </p>
          <Button
            variant="primary"
            isDisabled={redemption.kind === 'pending'}
            onPress={() => void redeem(session.token)}
          >
            {redemption.kind === 'pending' ? 'Redeeming…' : 'Redeem the gift'}
          </Button>
          {redemption.kind === 'failed' && (
            <p className="account-error" role="alert">
              {redemption.message}
            </p>
          )}
        </div>
      )}
    </AccountPage>
  )
}
