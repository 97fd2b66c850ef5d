// The background's side of the sharing contract (shared/src/messaging/sharing-calls.ts, ADR 062).
// The router has checked that an Inkmark page sent the message; this validates it, checks the
// account (signed in, a plan that may share; stopping a share is always allowed), writes the
// entities applySharingChoice gives, syncs, and asks the relay's public read whether the page is
// there (shared) or gone (unshared), so the share control shows a link only once it works.
import {
  InvalidCallError,
  Permission,
  SyncState,
  applySharingChoice,
  canShare,
  isShareablePage,
  parseSharingCall,
  publicPageUrl,
  resetShareId,
  type Bookmark,
  type LocalStore,
  type Mark,
  type Plan,
  type SharingAnswer,
} from '@inkmark/shared'

/** What the sharing calls need of the background. */
export interface SharingDeps {
  library: () => Promise<LocalStore>
  /** The signed-in account's relay and plan; undefined when signed out. */
  account: () => Promise<{ relayUrl: string; plan: Plan } | undefined>
  /** Runs a sync now; answers the sync state after it. */
  syncNow: () => Promise<string>
  /** Whether the relay's public read finds the page; undefined when the relay did not answer. */
  publicPageFound: (shareId: string) => Promise<boolean | undefined>
  now?: () => number
}

/** Why a change is not visible at the relay yet, by the sync state after the sync. */
const PENDING_TEXT: Record<string, string> = {
  [SyncState.OFFLINE]: 'You are offline. Inkmark will sync the change when you are back online.',
  [SyncState.ALL_SERVERS_OFFLINE]:
    'The server is not reachable. Inkmark will sync the change when it is.',
  [SyncState.PREMIUM_REQUIRED]: 'Sync needs a plan: the change stays on this device.',
}
const WAITING_TEXT = 'The change is saved and waits for the next sync.'

/** Validates a sharing message and runs it. */
export async function runSharingCall(deps: SharingDeps, message: unknown): Promise<SharingAnswer> {
  const call = parseSharingCall(message)
  if (!call) {
    throw new InvalidCallError('Invalid sharing call')
  }
  const account = await deps.account()
  if (!account) {
    return { kind: 'signed-out' }
  }
  const store = await deps.library()
  const bookmark = store.getBookmark(call.args[0])
  if (!bookmark || bookmark.deletedAt !== undefined) {
    throw new InvalidCallError('This page is not in your library')
  }
  const now = deps.now?.() ?? Date.now()
  const mayShare = canShare(account.plan)
  switch (call.method) {
    case 'getSharing':
      return mayShare || bookmark.permission !== Permission.PRIVATE
        ? sharingOf(bookmark, account.relayUrl)
        : { kind: 'upgrade-needed' }
    case 'resetLink': {
      if (!mayShare) {
        return { kind: 'upgrade-needed' }
      }
      const next = resetShareId(bookmark, now)
      return write(deps, store, account.relayUrl, next, [])
    }
    case 'share': {
      const choice = call.args[1]
      // Stopping a share is always allowed; sharing needs the plan, and a web page.
      if (choice.permission !== Permission.PRIVATE && !mayShare) {
        return { kind: 'upgrade-needed' }
      }
      if (choice.permission !== Permission.PRIVATE && !isShareablePage(bookmark)) {
        throw new InvalidCallError('Only web pages (http or https) can be shared.')
      }
      const marks = store.getMarksForBookmark(bookmark._id)
      const own = new Set(marks.map((mark) => mark._id))
      const changed = applySharingChoice(
        bookmark,
        marks,
        {
          permission: choice.permission,
          // Only this page's highlights can be named.
          shownMarkIds: choice.shownMarkIds.filter((id) => own.has(id)),
          noteShownMarkIds: choice.noteShownMarkIds.filter((id) => own.has(id)),
        },
        now,
      )
      return write(deps, store, account.relayUrl, changed.bookmark, changed.marks)
    }
  }
}

function sharingOf(bookmark: Bookmark, relayUrl: string): SharingAnswer {
  return {
    kind: 'sharing',
    permission: bookmark.permission,
    ...(bookmark.shareId ? { link: publicPageUrl(relayUrl, bookmark.shareId) } : {}),
  }
}

/** Stores the changed entities, syncs, and says whether the relay's public read agrees. */
async function write(
  deps: SharingDeps,
  store: LocalStore,
  relayUrl: string,
  bookmark: Bookmark,
  marks: readonly Mark[],
): Promise<SharingAnswer> {
  const result = await store.createOrUpdateEntities([bookmark, ...marks])
  if (result.rejected.length > 0) {
    throw new InvalidCallError('The change could not be saved. Please try again.')
  }
  await store.flush()
  const state = await deps.syncNow()
  const answer = sharingOf(store.getBookmark(bookmark._id) ?? bookmark, relayUrl)
  if (answer.kind !== 'sharing' || !bookmark.shareId) {
    return answer
  }
  const found = await deps.publicPageFound(bookmark.shareId)
  const live = found === (bookmark.permission !== Permission.PRIVATE)
  return {
    ...answer,
    live,
    ...(live ? {} : { pending: PENDING_TEXT[state] ?? WAITING_TEXT }),
  }
}
