import { beforeEach, describe, expect, it } from 'vitest'
import { AiChatSchema } from '../domain/entities/ai-chat'
import { BookmarkSchema } from '../domain/entities/bookmark'
import { ChromeSettingsSchema } from '../domain/entities/chrome-settings'
import { LearningItemSchema } from '../domain/entities/learning-item'
import { MarkSchema } from '../domain/entities/mark'
import { PageContentSchema } from '../domain/entities/page-content'
import { UserTokenPayloadSchema } from '../domain/entities/user-token-payload'
import { Plan, resolvePlan } from '../domain/plan'
import {
  FIXTURE_BOOKMARK_ID,
  FIXTURE_NOW,
  FIXTURE_URL,
  FIXTURE_USER_ID,
  createAiChatFixture,
  createBookmarkFixture,
  createBookmarkWithMarksFixture,
  createChromeSettingsFixture,
  createLearningItemFixture,
  createMarkFixture,
  createPageContentFixture,
  createUserTokenPayloadFixture,
  nextFixtureId,
  resetFixtureIds,
} from './factories'

beforeEach(() => {
  resetFixtureIds()
})

describe('fixture ids', () => {
  it('count per kind and restart on reset', () => {
    expect(createBookmarkFixture()._id).toBe('bookmark-1')
    expect(createBookmarkFixture()._id).toBe('bookmark-2')
    expect(createMarkFixture()._id).toBe('mark-1')
    expect(nextFixtureId('tag')).toBe('tag-1')
    resetFixtureIds()
    expect(createBookmarkFixture()._id).toBe('bookmark-1')
  })

  it('are deterministic across runs', () => {
    const first = [createBookmarkFixture(), createMarkFixture(), createPageContentFixture()]
    resetFixtureIds()
    const second = [createBookmarkFixture(), createMarkFixture(), createPageContentFixture()]
    expect(second).toEqual(first)
  })
})

describe('entity fixtures', () => {
  it('are valid entities at FIXTURE_NOW', () => {
    expect(BookmarkSchema.parse(createBookmarkFixture()).createdAt).toBe(FIXTURE_NOW)
    expect(MarkSchema.parse(createMarkFixture()).createdAt).toBe(FIXTURE_NOW)
    expect(PageContentSchema.parse(createPageContentFixture()).createdAt).toBe(FIXTURE_NOW)
    expect(AiChatSchema.parse(createAiChatFixture()).createdAt).toBe(FIXTURE_NOW)
    expect(ChromeSettingsSchema.parse(createChromeSettingsFixture())._user).toBe(FIXTURE_USER_ID)
    expect(LearningItemSchema.parse(createLearningItemFixture()).easinessFactor).toBe(2.5)
    expect(UserTokenPayloadSchema.parse(createUserTokenPayloadFixture()).createdAt).toBe(
      FIXTURE_NOW,
    )
  })

  it('take overrides', () => {
    expect(createMarkFixture({ color: '#f8fc46' }).color).toBe('#f8fc46')
    expect(createBookmarkFixture({ isStarred: true, url: 'https://a.test' })).toMatchObject({
      isStarred: true,
      url: 'https://a.test',
    })
    expect(
      createChromeSettingsFixture({ _id: 'settings', highlighterMode: 'EXPERT' }),
    ).toMatchObject({
      _id: 'settings',
      highlighterMode: 'EXPERT',
    })
    expect(createPageContentFixture({ content: 'abc' }).length).toBe(3)
    expect(createAiChatFixture({ messages: [] }).messages).toEqual([])
    expect(createLearningItemFixture({ repetitions: 4 }).repetitions).toBe(4)
    expect(createUserTokenPayloadFixture({ _id: 'u9' }).email).toBe('u9@example.com')
  })

  it('anchor a mark fixture on its own text', () => {
    const mark = createMarkFixture({ text: 'short' })
    expect(mark._bookmark).toBe(FIXTURE_BOOKMARK_ID)
    expect(mark.url).toBe(FIXTURE_URL)
    expect(mark.highlightSource?.endMeta.textOffset).toBe(5)
    expect(mark.highlightSource?.text).toBe('short')
  })

  it('make a Free user by default', () => {
    expect(resolvePlan(createUserTokenPayloadFixture(), FIXTURE_NOW)).toBe(Plan.FREE)
  })

  it('link a bookmark and its marks', () => {
    const { bookmark, marks } = createBookmarkWithMarksFixture(3, {
      bookmark: { url: 'https://b.test' },
      mark: { tags: ['t'] },
    })
    expect(marks).toHaveLength(3)
    for (const mark of marks) {
      expect(mark._bookmark).toBe(bookmark._id)
      expect(mark.url).toBe('https://b.test')
      expect(mark.tags).toEqual(['t'])
    }
    expect(createBookmarkWithMarksFixture(0).marks).toEqual([])
  })
})
