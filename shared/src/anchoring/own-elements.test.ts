import { describe, expect, it } from 'vitest'
import {
  HIGHLIGHT_CLASS as DOMAIN_HIGHLIGHT_CLASS,
  HIGHLIGHT_WITH_NOTES_CLASS as DOMAIN_WITH_NOTES,
  HIGHLIGHT_WITH_TAGS_CLASS as DOMAIN_WITH_TAGS,
  MARK_ID_ATTRIBUTE as DOMAIN_MARK_ID,
  MARK_MEDIA_TYPE_ATTRIBUTE as DOMAIN_MEDIA_TYPE,
} from '../domain/entities/mark'
import {
  HIGHLIGHT_CLASS,
  HIGHLIGHT_WITH_NOTES_CLASS,
  HIGHLIGHT_WITH_TAGS_CLASS,
  MARK_ID_ATTRIBUTE,
  MEDIA_TYPE_ATTRIBUTE,
} from './own-elements'

describe('own elements', () => {
  it('uses the same attribute and class names as the domain', () => {
    expect([
      HIGHLIGHT_CLASS,
      HIGHLIGHT_WITH_NOTES_CLASS,
      HIGHLIGHT_WITH_TAGS_CLASS,
      MARK_ID_ATTRIBUTE,
      MEDIA_TYPE_ATTRIBUTE,
    ]).toEqual([
      DOMAIN_HIGHLIGHT_CLASS,
      DOMAIN_WITH_NOTES,
      DOMAIN_WITH_TAGS,
      DOMAIN_MARK_ID,
      DOMAIN_MEDIA_TYPE,
    ])
  })
})
