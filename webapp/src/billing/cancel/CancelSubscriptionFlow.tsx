// The cancellation flow at /cancel-subscription: Reason (a radio list), Feedback (optional text),
// CancellationOffer (the relay's retention offer: redeem, or decline and go on; someone who already
// has a discount may keep it or give it up), Cancel (cancels at the end of the paid period and says
// until when the plan stays). The feedback is recorded PENDING once a reason is chosen, SUBMITTED
// at the end, and ABORTED when the person leaves the flow keeping the plan (closing the tab too).
import { Button, TextArea } from '@inkmark/design'
import {
  CANCELLATION_FEEDBACK_MAX_LENGTH,
  CANCELLATION_REASONS,
  planDisplayName,
  type CancellationFeedback,
  type CancellationOffer,
  type CancellationOfferOutcome,
  type CancellationReason,
  type Subscription,
} from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { Label, Radio, RadioGroup } from 'react-aria-components'
import { useSession } from '../../account/SessionProvider'
import { formatDate } from '../../lib/format-date'
import {
  CANCELLATION_REASON_LABELS,
  cancelSubscription,
  fetchCancellationOffer,
  fetchSubscription,
  redeemCancellationOffer,
  sendCancellationFeedback,
} from '../billing-api'
import { discountName } from '../billing-text'
import { signInPath } from '../sign-in-path'
import type { Loaded } from '../use-billing-data'
import { useRefreshAccount } from '../use-refresh-account'
import { CANCEL_STEPS, nextStep, previousStep, stepPosition, type CancelStep } from './cancel-steps'
import '../billing.css'

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function isReason(value: string): value is CancellationReason {
  return (CANCELLATION_REASONS as readonly string[]).includes(value)
}

/** The cancellation page. */
export function CancelSubscriptionPage() {
  const { session } = useSession()
  const subscriptionId = session?.user.userPlan?.subscription_id
  return (
    <section className="billing-page" aria-labelledby="cancel-title">
      <h1 id="cancel-title">Cancel subscription</h1>
      {session === null ? (
        <p>
          <a href={signInPath('/cancel-subscription')}>Sign in</a> to cancel your subscription.
        </p>
      ) : typeof subscriptionId !== 'string' || subscriptionId === '' ? (
        <p>
          You have no subscription to cancel. <Link to="/settings">Back to Settings</Link>
        </p>
      ) : (
        <CancelFlow token={session.token} subscriptionId={subscriptionId} />
      )}
    </section>
  )
}

type Finished =
  | { kind: 'redeemed'; description: string }
  | { kind: 'kept' }
  | { kind: 'cancelled'; subscription: Subscription }

function CancelFlow({ token, subscriptionId }: { token: string; subscriptionId: string }) {
  const refreshAccount = useRefreshAccount()
  const [step, setStep] = useState<CancelStep>('reason')
  const [reason, setReason] = useState<CancellationReason>()
  const [feedback, setFeedback] = useState('')
  const [outcome, setOutcome] = useState<CancellationOfferOutcome>()
  const [offer, setOffer] = useState<Loaded<CancellationOffer>>({ status: 'loading' })
  const [subscription, setSubscription] = useState<Subscription>()
  const [finished, setFinished] = useState<Finished>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const headingRef = useRef<HTMLHeadingElement>(null)
  // What an ABORTED record needs if the person leaves: set once PENDING is sent, cleared at the end.
  const pending = useRef<CancellationFeedback | null>(null)

  // The token of the moment (a renewed token must not count as leaving the flow).
  const latestToken = useRef(token)
  latestToken.current = token
  useEffect(() => {
    // Leaving by navigation unmounts the flow; closing the tab fires only pagehide, where the call
    // must outlive the page (keepalive carries the bearer header, which sendBeacon cannot).
    const abort = (keepalive: boolean) => {
      if (pending.current !== null) {
        const record = { ...pending.current, status: 'ABORTED' as const }
        pending.current = null
        void sendCancellationFeedback(latestToken.current, record, { keepalive }).catch(
          () => undefined,
        )
      }
    }
    const onPageHide = () => abort(true)
    window.addEventListener('pagehide', onPageHide)
    return () => {
      window.removeEventListener('pagehide', onPageHide)
      abort(false)
    }
  }, [])

  useEffect(() => {
    headingRef.current?.focus()
  }, [step, finished])

  useEffect(() => {
    if (step !== 'offer') {
      return undefined
    }
    let live = true
    setOffer({ status: 'loading' })
    Promise.all([
      fetchCancellationOffer(token, subscriptionId),
      fetchSubscription(token, subscriptionId),
    ]).then(
      ([value, current]) => {
        if (live) {
          setOffer({ status: 'ready', value })
          setSubscription(current)
        }
      },
      (reason_: unknown) => {
        if (live) {
          setOffer({ status: 'error', message: messageOf(reason_) })
          setOutcome('error')
        }
      },
    )
    return () => {
      live = false
    }
  }, [step, token, subscriptionId])

  const record = (
    status: CancellationFeedback['status'],
    offerOutcome?: CancellationOfferOutcome,
  ) => {
    if (reason === undefined) {
      return
    }
    const entry: CancellationFeedback = {
      subscriptionId,
      reason,
      ...(feedback.trim() === '' ? {} : { feedback: feedback.trim() }),
      status,
      ...(offerOutcome === undefined ? {} : { offerOutcome }),
    }
    pending.current = status === 'PENDING' ? entry : null
    void sendCancellationFeedback(token, entry).catch(() => undefined)
  }

  const goOn = () => {
    if (step === 'reason') {
      record('PENDING')
    }
    setError(undefined)
    setStep(nextStep(step))
  }

  const finish = (result: Finished, offerOutcome: CancellationOfferOutcome | undefined) => {
    record('SUBMITTED', offerOutcome)
    setFinished(result)
    void refreshAccount().catch(() => undefined)
  }

  const redeem = () => {
    setBusy(true)
    setError(undefined)
    const description = offer.status === 'ready' ? offer.value.description : ''
    redeemCancellationOffer(token, subscriptionId).then(
      () => {
        setBusy(false)
        finish({ kind: 'redeemed', description }, 'redeem')
      },
      (failure: unknown) => {
        setBusy(false)
        setOutcome('error')
        setError(messageOf(failure))
      },
    )
  }

  const cancel = () => {
    setBusy(true)
    setError(undefined)
    cancelSubscription(token, subscriptionId).then(
      (cancelled) => {
        setBusy(false)
        finish({ kind: 'cancelled', subscription: cancelled }, outcome)
      },
      (failure: unknown) => {
        setBusy(false)
        setError(messageOf(failure))
      },
    )
  }

  if (finished !== undefined) {
    return (
      <div role="status" data-cancel-result={finished.kind}>
        <h2 ref={headingRef} tabIndex={-1}>
          {finished.kind === 'cancelled' ? 'Subscription cancelled' : 'You keep your plan'}
        </h2>
        {finished.kind === 'redeemed' && <p>Offer applied: {finished.description}</p>}
        {finished.kind === 'kept' && <p>Your subscription and its discount carry on.</p>}
        {finished.kind === 'cancelled' && (
          <p>
            {planDisplayName(finished.subscription.plan)} stays until{' '}
            {formatDate(
              finished.subscription.scheduledCancelAt ??
                finished.subscription.next_payment?.date ??
                Date.now(),
            )}
            ; nothing more is charged. You can resume it in Settings until then.
          </p>
        )}
        <p>
          <Link to="/settings">Back to Settings</Link>
        </p>
      </div>
    )
  }

  const back = previousStep(step)
  const current = CANCEL_STEPS.find((entry) => entry.id === step)!
  return (
    <div className="cancel-flow">
      <ol className="cancel-flow__steps" aria-label="Cancellation steps">
        {CANCEL_STEPS.map((entry) => (
          <li key={entry.id} aria-current={entry.id === step ? 'step' : undefined}>
            {entry.label}
          </li>
        ))}
      </ol>
      <h2 ref={headingRef} tabIndex={-1}>
        {current.label} <span className="ink-visually-hidden">({stepPosition(step)})</span>
      </h2>

      {step === 'reason' && (
        <RadioGroup
          className="cancel-flow__reasons"
          value={reason ?? null}
          onChange={(value) => isReason(value) && setReason(value)}
        >
          <Label>Why do you want to cancel?</Label>
          {CANCELLATION_REASONS.map((id) => (
            <Radio key={id} value={id} className="cancel-flow__reason">
              {CANCELLATION_REASON_LABELS[id]}
            </Radio>
          ))}
        </RadioGroup>
      )}

      {step === 'feedback' && (
        <TextArea
          label="Anything you want to tell us? (optional)"
          value={feedback}
          onChange={setFeedback}
          maxLength={CANCELLATION_FEEDBACK_MAX_LENGTH}
          description={`Up to ${CANCELLATION_FEEDBACK_MAX_LENGTH} characters.`}
        />
      )}

      {step === 'offer' && (
        <OfferStep
          offer={offer}
          subscription={subscription}
          busy={busy}
          onRedeem={redeem}
          onDecline={(declined) => {
            setOutcome(declined)
            setStep('cancel')
          }}
          onKeep={() => finish({ kind: 'kept' }, 'keep_offer')}
        />
      )}

      {step === 'cancel' && (
        <p>
          Your subscription ends at the end of the period you paid for; the plan stays until then
          and nothing more is charged.
        </p>
      )}

      {error !== undefined && (
        <p role="alert" className="billing-error">
          {error}
        </p>
      )}

      <div className="cancel-flow__actions">
        {back !== null && (
          <Button isDisabled={busy} onPress={() => setStep(back)}>
            Back
          </Button>
        )}
        {(step === 'reason' || step === 'feedback') && (
          <Button variant="primary" isDisabled={reason === undefined} onPress={goOn}>
            Continue
          </Button>
        )}
        {step === 'cancel' && (
          <Button variant="danger" isDisabled={busy} onPress={cancel}>
            {busy ? 'Cancelling…' : 'Cancel subscription'}
          </Button>
        )}
        <Link className="ink-button ink-button--secondary ink-button--md" to="/settings">
          Keep my plan
        </Link>
      </div>
    </div>
  )
}

function OfferStep({
  offer,
  subscription,
  busy,
  onRedeem,
  onDecline,
  onKeep,
}: {
  offer: Loaded<CancellationOffer>
  subscription: Subscription | undefined
  busy: boolean
  onRedeem: () => void
  onDecline: (outcome: CancellationOfferOutcome | undefined) => void
  onKeep: () => void
}) {
  if (offer.status === 'loading') {
    return (
      <p role="status" aria-busy="true">
        Loading your offer…
      </p>
    )
  }
  if (offer.status === 'error') {
    return (
      <>
        <p role="alert" className="billing-error">
          The offer cannot be loaded: {offer.message}
        </p>
        <Button onPress={() => onDecline('error')}>Continue to cancel</Button>
      </>
    )
  }
  if (offer.value.offer !== null) {
    return (
      <div data-offer={offer.value.offer}>
        <p>Before you go: {offer.value.description}</p>
        <div className="cancel-flow__actions">
          <Button variant="primary" isDisabled={busy} onPress={onRedeem}>
            {busy ? 'Applying…' : 'Accept the offer'}
          </Button>
          <Button isDisabled={busy} onPress={() => onDecline('decline')}>
            No thanks, continue
          </Button>
        </div>
      </div>
    )
  }
  const discount = subscription?.discount ?? null
  if (discount !== null) {
    return (
      <div data-offer="existing-discount">
        <p>
          Your subscription has {discountName(discount.code)}
          {discount.endsAt === null ? '' : ` until ${formatDate(discount.endsAt)}`}. Cancelling
          gives it up.
        </p>
        <div className="cancel-flow__actions">
          <Button variant="primary" onPress={onKeep}>
            Keep my discount
          </Button>
          <Button onPress={() => onDecline('remove_offer')}>Give it up and continue</Button>
        </div>
      </div>
    )
  }
  return (
    <>
      <p>There is no offer for this subscription.</p>
      <Button onPress={() => onDecline(undefined)}>Continue</Button>
    </>
  )
}
