import { describe, expect, it } from 'vitest'
import { learningCategoryOf, learningViewOf, parseLearningSearch } from './learning-search'

describe('parseLearningSearch', () => {
  it('reads the views and leaves the dashboard without a parameter', () => {
    expect(parseLearningSearch({})).toEqual({})
    expect(parseLearningSearch({ view: 'dashboard' })).toEqual({})
    expect(parseLearningSearch({ view: 'nonsense' })).toEqual({})
    expect(parseLearningSearch({ view: 'schedule', tag: 'x' })).toEqual({ view: 'schedule' })
    expect(learningViewOf(parseLearningSearch({ view: 'streak' }))).toBe('streak')
    expect(learningViewOf(parseLearningSearch({}))).toBe('dashboard')
  })

  it('reads a session of one tag or one site', () => {
    const byTag = parseLearningSearch({ view: 'session', tag: 'biology', origin: 'a.example' })
    expect(byTag).toEqual({ view: 'session', tag: 'biology' })
    expect(learningCategoryOf(byTag)).toEqual({ tag: 'biology' })
    const bySite = parseLearningSearch({ view: 'session', tag: ' ', origin: 'a.example' })
    expect(learningCategoryOf(bySite)).toEqual({ origin: 'a.example' })
    expect(learningCategoryOf(parseLearningSearch({ view: 'session' }))).toBeUndefined()
  })
})
