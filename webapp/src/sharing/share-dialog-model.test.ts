import {
  Permission,
  Plan,
  SyncState,
  createBookmark,
  createMark,
  type Mark,
  type SharingChoice,
} from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { confirmPublication, outcomeOfSync, outcomeText } from './confirm-publication'
import {
  hiddenCount,
  initialChoice,
  isPermission,
  opensUpgrade,
  pendingLinkText,
  previewOf,
  previewText,
  shareBlocker,
  shareLinkState,
  showsShareForm,
  withAllShown,
  withMarkShown,
  withNoteShown,
} from './share-dialog-model'
import { publicPagesBase } from './share-link'
import { toPublishedPages } from './sharing-api'

const NOW = Date.UTC(2026, 5, 1)
const page = createBookmark({ _id: 'page-1', url: 'https://example.org/article' }, NOW)

function mark(id: string, fields: Partial<Mark> = {}): Mark {
  return createMark(
    { _id: id, _bookmark: page._id, url: page.url, text: `Highlight ${id}`, ...fields },
    NOW,
  )
}

const marks = [
  mark('m1', { notes: 'A private thought' }),
  mark('m2'),
  mark('m3', { notes: 'Another note' }),
  mark('m4'),
  mark('m5'),
]

describe('the share dialog model', () => {
  it('starts a private page at Private, every highlight shown and every note hidden', () => {
    const choice = initialChoice(page, marks)
    expect(choice.permission).toBe(Permission.PRIVATE)
    expect(choice.shownMarkIds).toEqual(['m1', 'm2', 'm3', 'm4', 'm5'])
    expect(choice.noteShownMarkIds).toEqual([])
    expect(hiddenCount(choice, marks)).toBe(0)
  })

  it('counts what the public would see, from the projection the relay publishes', () => {
    let choice: SharingChoice = { ...initialChoice(page, marks), permission: Permission.PUBLIC }
    choice = withMarkShown(choice, 'm4', false)
    choice = withNoteShown(choice, 'm1', true)
    const preview = previewOf(page, marks, choice, NOW)
    expect(preview).toEqual({ highlights: 4, notes: 1, totalHighlights: 5 })
    expect(previewText(preview, Permission.PUBLIC)).toBe(
      '4 of 5 highlights and 1 note will be public.',
    )
    expect(previewText(preview, Permission.PUBLIC_LINK)).toBe(
      '4 of 5 highlights and 1 note will be visible to anyone with the link.',
    )
    expect(hiddenCount(choice, marks)).toBe(1)
    expect(hiddenCount(withAllShown(choice, marks), marks)).toBe(0)
  })

  it('shows nothing while Private, and counts singular words right', () => {
    const choice = initialChoice(page, marks)
    expect(previewOf(page, marks, choice, NOW).highlights).toBe(0)
    expect(previewText({ highlights: 0, notes: 0, totalHighlights: 5 }, Permission.PRIVATE)).toBe(
      'Nothing on this page is shared.',
    )
    expect(previewText({ highlights: 1, notes: 0, totalHighlights: 1 }, Permission.PUBLIC)).toBe(
      '1 of 1 highlight and 0 notes will be public.',
    )
  })

  it('hides a note with its highlight, and never counts a note whose highlight is hidden', () => {
    let choice: SharingChoice = { ...initialChoice(page, marks), permission: Permission.PUBLIC }
    choice = withNoteShown(choice, 'm3', true)
    choice = withMarkShown(choice, 'm3', false)
    expect(choice.noteShownMarkIds).toEqual([])
    choice = withMarkShown(choice, 'm3', true)
    expect(previewOf(page, marks, choice, NOW).notes).toBe(0)
  })

  it('accepts only the three visibilities', () => {
    expect(isPermission(Permission.PUBLIC_LINK)).toBe(true)
    expect(isPermission('EVERYONE')).toBe(false)
  })

  it('says why sharing cannot start: no relay, signed out, the plan, offline', () => {
    const ok = { relayConfigured: true, plan: Plan.PREMIUM, online: true }
    expect(shareBlocker(ok)).toBeUndefined()
    expect(shareBlocker({ ...ok, relayConfigured: false })).toBe('no-relay')
    expect(shareBlocker({ ...ok, plan: undefined })).toBe('signed-out')
    expect(shareBlocker({ ...ok, plan: Plan.FREE })).toBe('plan')
    expect(shareBlocker({ ...ok, plan: Plan.ULTIMATE, online: false })).toBe('offline')
  })

  it('always lets a shared page go Private: the upgrade only for a page not shared', () => {
    const sharedPage = { ...page, permission: Permission.PUBLIC, shareId: 'a'.repeat(22) }
    expect(opensUpgrade('plan', page)).toBe(true)
    expect(opensUpgrade('plan', sharedPage)).toBe(false)
    expect(showsShareForm('plan', sharedPage)).toBe(true)
    expect(showsShareForm('offline', sharedPage)).toBe(true)
    expect(showsShareForm('offline', page)).toBe(false)
    expect(showsShareForm(undefined, page)).toBe(true)
  })

  it('calls the link live only for the share id the relay confirmed, and not while busy', () => {
    const shareId = 'b'.repeat(22)
    const sharedPage = { ...page, permission: Permission.PUBLIC_LINK, shareId }
    expect(shareLinkState({ bookmark: page, liveShareId: undefined, busy: false })).toBe('none')
    expect(shareLinkState({ bookmark: sharedPage, liveShareId: undefined, busy: false })).toBe(
      'pending',
    )
    expect(shareLinkState({ bookmark: sharedPage, liveShareId: shareId, busy: false })).toBe('live')
    expect(shareLinkState({ bookmark: sharedPage, liveShareId: shareId, busy: true })).toBe(
      'pending',
    )
    expect(shareLinkState({ bookmark: sharedPage, liveShareId: 'c'.repeat(22), busy: false })).toBe(
      'pending',
    )
    expect(pendingLinkText(undefined)).toBe('Not live yet: it will be once your changes sync.')
    expect(pendingLinkText('plan')).toBe('Not live: your plan does not include sharing.')
  })
})

describe('confirming a publication', () => {
  it('reads a sync outcome: offline, refused for the plan, failed, or ask the relay', () => {
    expect(outcomeOfSync(undefined)).toBe('signed-out')
    expect(outcomeOfSync({ state: SyncState.ALL_SERVERS_OFFLINE, pushed: 0, pulled: 0 })).toBe(
      'offline',
    )
    expect(outcomeOfSync({ state: SyncState.PREMIUM_REQUIRED, pushed: 0, pulled: 0 })).toBe('plan')
    expect(outcomeOfSync({ state: SyncState.SERVER_ERROR, pushed: 0, pulled: 0 })).toBe('failed')
    expect(outcomeOfSync({ state: SyncState.UP_TO_DATE, pushed: 2, pulled: 0 })).toBeUndefined()
  })

  it('asks the relay until it agrees, a bounded number of times', async () => {
    const answers = [false, false, true]
    let asked = 0
    const wait = () => Promise.resolve()
    const isPublished = () => Promise.resolve(answers[asked++] ?? true)
    expect(await confirmPublication(isPublished, true, { wait })).toBe('confirmed')
    expect(asked).toBe(3)
    asked = 0
    expect(
      await confirmPublication(() => Promise.resolve(true), false, { attempts: 3, wait }),
    ).toBe('not-confirmed')
    expect(await confirmPublication(() => Promise.reject(new Error('500')), true, { wait })).toBe(
      'failed',
    )
  })

  it('says what happened, sharing and stopping', () => {
    expect(outcomeText('confirmed', true)).toBe('Published: the page is live at its link.')
    expect(outcomeText('confirmed', false)).toBe('Stopped sharing: the page is no longer public.')
    expect(outcomeText('offline', false)).toContain(
      'the public page will be gone once your changes sync',
    )
    expect(outcomeText('plan', false)).toContain(
      'the public page will be gone once your changes sync',
    )
    expect(outcomeText('plan-gone', false)).toContain('the relay confirms the page is not public')
  })
})

describe('GET /sharing', () => {
  const item = { shareId: 'd'.repeat(22), title: 'A page', likes: 2, permission: 'PUBLIC' }

  it('reads the older answer: every listed page live, sharing allowed', () => {
    const read = toPublishedPages({ items: [item] })
    expect(read.shareAllowed).toBe(true)
    expect(read.pages.map((p) => [p.live, p.hidden, p.likes])).toEqual([[true, false, 2]])
  })

  it('reads the newer answer: live, hidden by the operator, and a plan without sharing', () => {
    const read = toPublishedPages({
      items: [
        { ...item, live: false, hidden: false },
        { ...item, shareId: 'e'.repeat(22), live: true, hidden: true },
      ],
      shareAllowed: false,
    })
    expect(read.shareAllowed).toBe(false)
    expect(read.pages.map((p) => [p.live, p.hidden])).toEqual([
      [false, false],
      [false, true],
    ])
  })
})

describe('share links', () => {
  it('point at the public pages address when the build names one, else the relay', () => {
    expect(publicPagesBase(undefined, 'https://relay.example')).toBe('https://relay.example')
    expect(publicPagesBase(' https://inkmark.example/ ', 'https://relay.example')).toBe(
      'https://inkmark.example',
    )
    expect(publicPagesBase('javascript:alert(1)', 'https://relay.example')).toBe(
      'https://relay.example',
    )
  })
})
