// The share dialog's decisions without React: what it starts from, what one click changes, what the
// public would see (counted from `publicPageOf`, the one projection the relay publishes, so the
// preview cannot disagree with the public page), why sharing cannot start here (no account, a plan
// without canShare, offline) while stopping always can, and when the link may be called live. Kept
// pure so each rule has a unit test.
import {
  Permission,
  applySharingChoice,
  canShare,
  countLabel,
  defaultSharingChoice,
  hasMarkNotes,
  isSharedPermission,
  publicPageOf,
  sortMarks,
  type Bookmark,
  type Mark,
  type Plan,
  type SharingChoice,
} from '@inkmark/shared'

/** The dialog's three visibilities, each explained in one line. */
export const VISIBILITY_OPTIONS: readonly {
  value: Permission
  label: string
  description: string
}[] = [
  {
    value: Permission.PRIVATE,
    label: 'Private',
    description: 'Only you can see this page and its highlights.',
  },
  {
    value: Permission.PUBLIC_LINK,
    label: 'Anyone with the link',
    description: 'Not listed anywhere: people see it only if you give them the link.',
  },
  {
    value: Permission.PUBLIC,
    label: 'Public',
    description: 'Anyone can find it: listed in explore and the discover feed.',
  },
]

/** Whether `value` is one of the visibilities. */
export function isPermission(value: unknown): value is Permission {
  return VISIBILITY_OPTIONS.some((option) => option.value === value)
}

/** The page's live marks in page order (the dialog's list). */
export function dialogMarks(marks: readonly Mark[]): Mark[] {
  return sortMarks(marks.filter((mark) => mark.deletedAt === undefined))
}

/** What the dialog opens with: the page's current visibility and what it shows (or the default). */
export function initialChoice(bookmark: Bookmark, marks: readonly Mark[]): SharingChoice {
  return defaultSharingChoice(bookmark, marks, bookmark.permission)
}

/** The choice with mark `markId`'s highlight shown or hidden (hiding it hides its note). */
export function withMarkShown(
  choice: SharingChoice,
  markId: string,
  shown: boolean,
): SharingChoice {
  const shownMarkIds = choice.shownMarkIds.filter((id) => id !== markId)
  return {
    ...choice,
    shownMarkIds: shown ? [...shownMarkIds, markId] : shownMarkIds,
    noteShownMarkIds: shown
      ? choice.noteShownMarkIds
      : choice.noteShownMarkIds.filter((id) => id !== markId),
  }
}

/** The choice with mark `markId`'s note shown or hidden. */
export function withNoteShown(
  choice: SharingChoice,
  markId: string,
  shown: boolean,
): SharingChoice {
  const noteShownMarkIds = choice.noteShownMarkIds.filter((id) => id !== markId)
  return { ...choice, noteShownMarkIds: shown ? [...noteShownMarkIds, markId] : noteShownMarkIds }
}

/** The choice with every highlight shown (notes as they were). */
export function withAllShown(choice: SharingChoice, marks: readonly Mark[]): SharingChoice {
  return { ...choice, shownMarkIds: dialogMarks(marks).map((mark) => mark._id) }
}

/** What the public would see with `choice`: shown highlights and notes, out of how many. */
export interface SharePreview {
  highlights: number
  notes: number
  totalHighlights: number
}

/** The marks as they would be after `choice` (applySharingChoice returns only the changed ones). */
function marksAfter(
  bookmark: Bookmark,
  marks: readonly Mark[],
  choice: SharingChoice,
  now: number,
) {
  const applied = applySharingChoice(bookmark, marks, choice, now)
  const changed = new Map(applied.marks.map((mark) => [mark._id, mark]))
  return { bookmark: applied.bookmark, marks: marks.map((mark) => changed.get(mark._id) ?? mark) }
}

/** Counts what `publicPageOf` would publish for `choice` (nothing while Private). */
export function previewOf(
  bookmark: Bookmark,
  marks: readonly Mark[],
  choice: SharingChoice,
  now: number,
): SharePreview {
  const totalHighlights = dialogMarks(marks).length
  if (!isSharedPermission(choice.permission)) {
    return { highlights: 0, notes: 0, totalHighlights }
  }
  const after = marksAfter(bookmark, marks, choice, now)
  const page = publicPageOf(after.bookmark, after.marks, 0)
  return {
    highlights: page?.marks.length ?? 0,
    notes: page?.marks.filter((mark) => mark.note !== undefined).length ?? 0,
    totalHighlights,
  }
}

/** The preview line: "4 of 5 highlights and 1 note will be public". */
export function previewText(preview: SharePreview, permission: Permission): string {
  if (!isSharedPermission(permission)) {
    return 'Nothing on this page is shared.'
  }
  const audience =
    permission === Permission.PUBLIC ? 'will be public' : 'will be visible to anyone with the link'
  return `${preview.highlights} of ${countLabel(preview.totalHighlights, 'highlight')} and ${countLabel(preview.notes, 'note')} ${audience}.`
}

/** How many highlights the choice hides (the dialog offers "Show all highlights" then). */
export function hiddenCount(choice: SharingChoice, marks: readonly Mark[]): number {
  const shown = new Set(choice.shownMarkIds)
  return dialogMarks(marks).filter((mark) => !shown.has(mark._id)).length
}

/** Whether a mark has a note the dialog can show ("Show note"). */
export function markHasNote(mark: Mark): boolean {
  return hasMarkNotes(mark)
}

/** Why sharing cannot start from this browser, or undefined when it can. */
export type ShareBlocker = 'no-relay' | 'signed-out' | 'plan' | 'offline'

/** The first reason sharing cannot start: no relay, no account, a plan without it, offline. */
export function shareBlocker(facts: {
  relayConfigured: boolean
  plan: Plan | undefined
  online: boolean
}): ShareBlocker | undefined {
  if (!facts.relayConfigured) {
    return 'no-relay'
  }
  if (facts.plan === undefined) {
    return 'signed-out'
  }
  if (!canShare(facts.plan)) {
    return 'plan'
  }
  return facts.online ? undefined : 'offline'
}

/** What the dialog says for a blocker (the plan's has the upgrade-needed dialog instead). */
export const BLOCKER_TEXTS: Readonly<Record<ShareBlocker, string>> = {
  'no-relay':
    'Sharing needs the Inkmark relay, and this app has no relay address it may use. Your page stays private.',
  'signed-out':
    'Sharing publishes the page through your account: sign in (or create a free account) to share it.',
  plan: 'Sharing pages is part of Premium and Ultimate.',
  offline: 'You are offline. Sharing needs the relay: connect to the internet and try again.',
}

/** What the dialog says for a blocker on a page shared already: changes wait, stopping does not. */
export const SHARED_BLOCKER_TEXTS: Readonly<Record<ShareBlocker, string>> = {
  'no-relay':
    'This app has no relay address it may use, so sharing cannot change. You can still stop sharing on this device.',
  'signed-out':
    'You are signed out, so sharing cannot change. You can still stop sharing: the public page will be gone once you sign in and your changes sync.',
  plan: 'Your plan does not include sharing: this page is not public now. You can still stop sharing it.',
  offline:
    'You are offline. Sharing and its changes need the relay; you can still stop sharing, and the public page will be gone once your changes sync.',
}

/** Whether the page is shared now (the dialog's buttons: Share vs Save, Copy link, Stop sharing). */
export function isPageShared(bookmark: Bookmark): boolean {
  return isSharedPermission(bookmark.permission)
}

/** Whether opening the dialog shows the upgrade-needed dialog instead (never for a shared page). */
export function opensUpgrade(blocker: ShareBlocker | undefined, bookmark: Bookmark): boolean {
  return blocker === 'plan' && !isPageShared(bookmark)
}

/** Whether the dialog shows its form: sharing can start, or the page is shared and may go Private. */
export function showsShareForm(blocker: ShareBlocker | undefined, bookmark: Bookmark): boolean {
  return blocker === undefined || isPageShared(bookmark)
}

/** How the dialog shows the page's link: none, live (the relay confirmed it) or not live yet. */
export type ShareLinkState = 'none' | 'live' | 'pending'

/**
 * The link is live only when the relay confirmed this very share id (a 200 in this dialog, or
 * GET /sharing listing it live) and no change is on its way; otherwise it is shown as not live yet.
 */
export function shareLinkState(facts: {
  bookmark: Bookmark
  liveShareId: string | undefined
  busy: boolean
}): ShareLinkState {
  const { bookmark, liveShareId, busy } = facts
  if (!isPageShared(bookmark) || bookmark.shareId === undefined) {
    return 'none'
  }
  return !busy && liveShareId === bookmark.shareId ? 'live' : 'pending'
}

/** The words before a link that is not live yet (with a plan without sharing, it is not now). */
export function pendingLinkText(blocker: ShareBlocker | undefined): string {
  return blocker === 'plan'
    ? 'Not live: your plan does not include sharing.'
    : 'Not live yet: it will be once your changes sync.'
}
