import type { ExportPagePayload } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import {
  CAPACITIES_MAX_MD_LENGTH,
  CAPACITIES_MAX_TAGS,
  escapeMarkdown,
  exportMarkdown,
  saveWeblinkBody,
} from './capacities-markdown'

const page: ExportPagePayload['page'] = { url: 'https://x.test/', title: 'T', tags: [] }

describe('escapeMarkdown', () => {
  it('keeps links, images and HTML from forming', () => {
    expect(escapeMarkdown('![x](javascript:y) <script>')).toBe(
      '\\!\\[x\\]\\(javascript:y\\) &lt;script\\>',
    )
  })
})

describe('exportMarkdown', () => {
  it('quotes every line of a highlight and adds its note and tags', () => {
    const md = exportMarkdown({
      page,
      marks: [{ text: 'one\ntwo', color: '#fff', note: 'n', tags: ['deep work'], createdAt: 1 }],
    })
    expect(md).toBe('## Highlights\n\n> one\n> two\n\n**Note:** n\n\nTags: #deep\\-work')
  })

  it("says how many highlights did not fit in Capacities' limit", () => {
    const mark = { text: 'x'.repeat(20_000), color: '#fff', tags: [], createdAt: 1 }
    const md = exportMarkdown({ page, marks: Array.from({ length: 12 }, () => mark) })
    expect(md.length).toBeLessThanOrEqual(CAPACITIES_MAX_MD_LENGTH)
    expect(md).toMatch(/_3 more highlights did not fit in Capacities' size limit\._/)
  })
})

describe('saveWeblinkBody', () => {
  it("keeps to Capacities' limits of title, description and tags", () => {
    const body = saveWeblinkBody('space', {
      page: {
        ...page,
        title: 't'.repeat(600),
        description: 'd'.repeat(1_200),
        tags: Array.from({ length: 40 }, (_, index) => `tag${index}`),
      },
      marks: [],
    })
    expect(body.titleOverwrite).toHaveLength(500)
    expect(body.descriptionOverwrite).toHaveLength(1_000)
    expect(body.tags).toHaveLength(CAPACITIES_MAX_TAGS)
    expect(body).not.toHaveProperty('mdText')
  })
})
