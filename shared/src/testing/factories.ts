// Test fixtures for every entity kind, shared by all workspaces (`@inkmark/shared/testing`). Ids
// come from per-kind counters (bookmark-1, mark-1, ...) and every time is FIXTURE_NOW unless
// overridden, so tests are deterministic; call `resetFixtureIds()` in a beforeEach to restart ids.
import type { AiChat, AiChatInit } from '../domain/entities/ai-chat'
import { createAiChat } from '../domain/entities/ai-chat'
import type { Bookmark, BookmarkInit } from '../domain/entities/bookmark'
import { createBookmark } from '../domain/entities/bookmark'
import type { ChromeSettings, ChromeSettingsOverrides } from '../domain/entities/chrome-settings'
import { createDefaultChromeSettings } from '../domain/entities/chrome-settings'
import type { LearningItem, LearningItemInit } from '../domain/entities/learning-item'
import { createLearningItem } from '../domain/entities/learning-item'
import type { Mark, MarkInit } from '../domain/entities/mark'
import { createMark } from '../domain/entities/mark'
import type { PageContent, PageContentInit } from '../domain/entities/page-content'
import { createPageContent } from '../domain/entities/page-content'
import type { UserTokenPayload, UserTokenPayloadInit } from '../domain/entities/user-token-payload'
import { createUserTokenPayload } from '../domain/entities/user-token-payload'

/** The fixed "now" of every fixture: 2024-03-15 12:00:00 UTC. */
export const FIXTURE_NOW = Date.UTC(2024, 2, 15, 12, 0, 0)
/** One day in milliseconds, for moving fixture times around FIXTURE_NOW. */
export const FIXTURE_DAY_MS = 24 * 60 * 60 * 1000
/** Url of fixture bookmarks and marks unless overridden. */
export const FIXTURE_URL = 'https://example.com/articles/highlighting'
/** Origin (domain) of FIXTURE_URL. */
export const FIXTURE_ORIGIN = 'example.com'
/** Bookmark id of a mark fixture created without one. */
export const FIXTURE_BOOKMARK_ID = 'bookmark-fixture'
/** Id of the user fixtures belong to. */
export const FIXTURE_USER_ID = 'user-fixture'

const counters = new Map<string, number>()

/** The next deterministic id for a kind: `${prefix}-1`, `${prefix}-2`, ... */
export function nextFixtureId(prefix: string): string {
  const next = (counters.get(prefix) ?? 0) + 1
  counters.set(prefix, next)
  return `${prefix}-${next}`
}

/** Restarts every fixture id counter. */
export function resetFixtureIds(): void {
  counters.clear()
}

/** A bookmark of FIXTURE_URL created at FIXTURE_NOW, with overrides. */
export function createBookmarkFixture(overrides: Partial<BookmarkInit> = {}): Bookmark {
  return createBookmark(
    {
      _id: nextFixtureId('bookmark'),
      url: FIXTURE_URL,
      origin: FIXTURE_ORIGIN,
      title: 'How to highlight the web',
      ...overrides,
    },
    FIXTURE_NOW,
  )
}

/** A text highlight on FIXTURE_URL (bookmark FIXTURE_BOOKMARK_ID) created at FIXTURE_NOW, with overrides. */
export function createMarkFixture(overrides: Partial<MarkInit> = {}): Mark {
  const text = overrides.text ?? 'Highlights make reading stick.'
  return createMark(
    {
      _id: nextFixtureId('mark'),
      _bookmark: FIXTURE_BOOKMARK_ID,
      url: FIXTURE_URL,
      origin: FIXTURE_ORIGIN,
      text,
      highlightSource: {
        startMeta: { parentTagName: 'P', parentIndex: 0, textOffset: 0 },
        endMeta: { parentTagName: 'P', parentIndex: 0, textOffset: text.length },
        text,
      },
      ...overrides,
    },
    FIXTURE_NOW,
  )
}

/** A bookmark and `count` marks linked to it, all at FIXTURE_NOW. */
export function createBookmarkWithMarksFixture(
  count: number,
  overrides: { bookmark?: Partial<BookmarkInit>; mark?: Partial<MarkInit> } = {},
): { bookmark: Bookmark; marks: Mark[] } {
  const bookmark = createBookmarkFixture(overrides.bookmark)
  const marks = Array.from({ length: count }, () =>
    createMarkFixture({ url: bookmark.url, ...overrides.mark, _bookmark: bookmark._id }),
  )
  return { bookmark, marks }
}

/** Default settings of FIXTURE_USER_ID, with overrides. */
export function createChromeSettingsFixture(
  overrides: ChromeSettingsOverrides = {},
): ChromeSettings {
  return createDefaultChromeSettings(overrides._id ?? nextFixtureId('chromesettings'), {
    _user: FIXTURE_USER_ID,
    createdAt: FIXTURE_NOW,
    ...overrides,
  })
}

/** Saved HTML of FIXTURE_URL created at FIXTURE_NOW, with overrides. */
export function createPageContentFixture(overrides: Partial<PageContentInit> = {}): PageContent {
  return createPageContent(
    {
      _id: nextFixtureId('pagecontent'),
      url: FIXTURE_URL,
      title: 'How to highlight the web',
      content: '<article><p>Highlights make reading stick.</p></article>',
      ...overrides,
    },
    FIXTURE_NOW,
  )
}

/** An AI chat about bookmark FIXTURE_BOOKMARK_ID with one question and answer, with overrides. */
export function createAiChatFixture(overrides: Partial<AiChatInit> = {}): AiChat {
  return createAiChat(
    {
      _id: nextFixtureId('aichat'),
      _referenceId: FIXTURE_BOOKMARK_ID,
      messages: [
        { role: 'user', content: 'What is this page about?', createdAt: FIXTURE_NOW },
        { role: 'assistant', content: 'It explains how to highlight.', createdAt: FIXTURE_NOW },
      ],
      ...overrides,
    },
    FIXTURE_NOW,
  )
}

/** A never-reviewed learning item, with overrides. */
export function createLearningItemFixture(overrides: LearningItemInit = {}): LearningItem {
  return createLearningItem(overrides)
}

/** The token payload of a Free account created at FIXTURE_NOW, with overrides. */
export function createUserTokenPayloadFixture(
  overrides: Partial<UserTokenPayloadInit> = {},
): UserTokenPayload {
  const _id = overrides._id ?? nextFixtureId('user')
  return createUserTokenPayload({ _id, email: `${_id}@example.com`, ...overrides }, FIXTURE_NOW)
}
