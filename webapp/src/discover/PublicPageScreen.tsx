// /discover/page/$shareId: a shared page inside the app. Its title, a link to its source (only
// an http(s) address becomes a link), its shown highlights in their colours with the notes the
// owner chose to show, its tags, its likes with a Like toggle (an account's one like; signed out,
// a sign-in prompt), Report, and its public link. Everything is someone else's text: React text
// only, colours through displayColor (hex only), no image loaded.
import { Button, HighlightCard, countLabel } from '@inkmark/design'
import { highlightColorName, isShareId } from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { displayColor } from '../lib/display-color'
import { toWebUrl } from '../lib/safe-url'
import { LikeButton } from './LikeButton'
import { PublicTagLinks } from './PublicPageCard'
import { PublicError } from './PublicFeedList'
import { PublicApiError, type PublicPageView } from './public-api'
import { shareLinkOf } from '../sharing/share-link'
import { ReportDialog } from './ReportDialog'
import { usePublicApi } from './use-public-api'
import './discover.css'

type PageState =
  | { status: 'loading' }
  | { status: 'ready'; page: PublicPageView }
  | { status: 'error'; error: unknown }

/** The public page shared as `shareId`. */
export function PublicPageScreen({ shareId }: { shareId: string }) {
  const api = usePublicApi()
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<PageState>({ status: 'loading' })
  useEffect(() => {
    let live = true
    if (!isShareId(shareId)) {
      // Not a share id at all: no page has it, and the relay need not be asked.
      setState({ status: 'error', error: new PublicApiError('not-found', 'Not a share id') })
      return
    }
    setState({ status: 'loading' })
    api.publicPage(shareId).then(
      (page) => live && setState({ status: 'ready', page }),
      (error: unknown) => live && setState({ status: 'error', error }),
    )
    return () => {
      live = false
    }
  }, [api, shareId, attempt])

  return (
    <div className="discover-page public-page">
      <p className="discover-page__back">
        <Link to="/discover">Back to discover</Link>
      </p>
      {state.status === 'loading' && (
        <p className="public-status" role="status">
          Loading the page…
        </p>
      )}
      {state.status === 'error' &&
        (state.error instanceof PublicApiError && state.error.kind === 'not-found' ? (
          <div className="public-page__missing">
            <h1>This page is not shared</h1>
            <p>
              Its owner made it private, changed its link or deleted it, or the link is mistyped.
            </p>
          </div>
        ) : (
          <PublicError error={state.error} onRetry={() => setAttempt((n) => n + 1)} />
        ))}
      {state.status === 'ready' && (
        <PublicPageBody
          page={state.page}
          onLikes={(likes, likedByMe) =>
            setState({ status: 'ready', page: { ...state.page, likes, likedByMe } })
          }
        />
      )}
    </div>
  )
}

function PublicPageBody({
  page,
  onLikes,
}: {
  page: PublicPageView
  onLikes: (likes: number, likedByMe: boolean) => void
}) {
  const [reporting, setReporting] = useState(false)
  const source = toWebUrl(page.url)
  return (
    <article className="public-page__article">
      <h1>{page.title || page.url}</h1>
      <p className="public-page__source">
        {source === undefined ? (
          <span>{page.origin}</span>
        ) : (
          <a href={source} target="_blank" rel="noopener noreferrer nofollow ugc">
            {page.origin || source}
          </a>
        )}
      </p>
      {page.description && <p className="public-page__description">{page.description}</p>}
      <div className="public-page__actions">
        <LikeButton page={page} onLikes={onLikes} />
        <a
          className="ink-button ink-button--secondary ink-button--md"
          href={shareLinkOf(page.shareId)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Open public link
        </a>
        <Button onPress={() => setReporting(true)}>Report</Button>
      </div>
      <PublicTagLinks tags={page.tags} />
      <h2>{countLabel(page.marks.length, 'highlight')}</h2>
      {page.marks.length === 0 ? (
        <p>The owner has not shown any highlights of this page yet.</p>
      ) : (
        <ul className="public-page__marks" aria-label="Highlights">
          {page.marks.map((mark) => (
            <li key={mark._id}>
              <HighlightCard
                text={mark.text}
                color={displayColor(mark.color)}
                colorName={highlightColorName(displayColor(mark.color))}
                {...(mark.note ? { note: mark.note } : {})}
              />
            </li>
          ))}
        </ul>
      )}
      {reporting && <ReportDialog shareId={page.shareId} onClose={() => setReporting(false)} />}
    </article>
  )
}
