// A public page's likes and the Like toggle (aria-pressed): one like per account, so liking
// needs sign-in; signed out, the button is a prompt to sign in and come back. The count shown is
// the relay's answer after each press, never a guess.
import { Button, ToggleButton, countLabel } from '@inkmark/design'
import { useState } from 'react'
import { useOpenSignIn } from '../account/open-sign-in'
import { publicErrorMessage, type PublicPageView } from './public-api'
import { usePublicApi, useSignedIn } from './use-public-api'

/** The likes of `page` and its Like/Unlike toggle. */
export function LikeButton({
  page,
  onLikes,
}: {
  page: PublicPageView
  onLikes: (likes: number, likedByMe: boolean) => void
}) {
  const api = usePublicApi()
  const signedIn = useSignedIn()
  const openSignIn = useOpenSignIn()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const liked = page.likedByMe === true

  const toggle = (like: boolean) => {
    setBusy(true)
    setError(undefined)
    ;(like ? api.like(page.shareId) : api.unlike(page.shareId)).then(
      (result) => {
        setBusy(false)
        onLikes(result.likes, result.likedByMe)
      },
      (reason: unknown) => {
        setBusy(false)
        setError(publicErrorMessage(reason))
      },
    )
  }

  return (
    <div className="like-control">
      <span className="like-control__count" aria-live="polite" data-testid="like-count">
        {countLabel(page.likes, 'like')}
      </span>
      {signedIn ? (
        <ToggleButton isSelected={liked} isDisabled={busy} onChange={toggle}>
          {liked ? 'Unlike' : 'Like'}
        </ToggleButton>
      ) : (
        <Button onPress={() => openSignIn()}>Sign in to like</Button>
      )}
      {error !== undefined && (
        <p className="public-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
