import { describe, expect, it } from 'vitest'
import { chooseEntries } from './entries'
import { loadInterviews, loadProfessions, parseInterviews, parseProfessions } from './interviews'
import { parseSiteLinks, productHuntUrl, socialLinks } from './links'
import { operatorDetails, parseOperatorDetails } from './operator'
import { loadPartners, parsePartners } from './partners'
import { contentProblems, productionContentProblems } from './problems'
import { loadReviews, parseReviews } from './reviews'
import { toSiteStage } from './stage'
import { parseContentJson } from './validate'

const review = (overrides: Record<string, unknown> = {}) => ({
  reviewer: { name: 'Ada', avatarURL: 'https://example.com/a.png' },
  reviewText: 'Good.',
  isSample: false,
  ...overrides,
})

describe('parseReviews', () => {
  it('reads a valid file', () => {
    expect(parseReviews([review()], 'r.json')).toEqual([
      {
        reviewer: { name: 'Ada', avatarURL: 'https://example.com/a.png' },
        reviewText: 'Good.',
        isSample: false,
      },
    ])
  })

  it('names the file and field of a malformed entry', () => {
    expect(() => parseReviews([review(), review({ reviewer: { name: '' } })], 'r.json')).toThrow(
      'r.json: [1].reviewer.name must be a non-empty string',
    )
    expect(() => parseReviews([review({ isSample: 'no' })], 'r.json')).toThrow(
      'r.json: [0].isSample must be true or false',
    )
    expect(() => parseReviews({}, 'r.json')).toThrow('r.json: (the file) must be an array')
  })

  it('refuses avatar URLs that are not http(s)', () => {
    expect(() =>
      parseReviews(
        [review({ reviewer: { name: 'A', avatarURL: 'javascript:alert(1)' } })],
        'r.json',
      ),
    ).toThrow('r.json: [0].reviewer.avatarURL must be an http(s) URL')
  })

  it('names the file of text that is not JSON', () => {
    expect(() => parseContentJson('[{', 'site/content/reviews.json')).toThrow(
      /^site\/content\/reviews\.json: is not valid JSON/,
    )
  })
})

describe('interviews and professions', () => {
  const profession = { id: 'researcher', name: 'Researcher', description: 'd', isSample: false }
  const interview = {
    id: 'ada',
    professionId: 'researcher',
    title: 'T',
    summary: 'S',
    interviewee: { name: 'Ada', role: 'R', avatarURL: null },
    publishedOn: '2026-01-02',
    sections: [{ question: 'Q', answer: 'A' }],
    isSample: false,
  }

  it('reads valid files', () => {
    expect(parseProfessions([profession], 'p.json')[0]?.id).toBe('researcher')
    expect(parseInterviews([interview], 'i.json')[0]?.sections).toHaveLength(1)
  })

  it('names malformed fields', () => {
    expect(() => parseInterviews([{ ...interview, id: 'Not A Slug' }], 'i.json')).toThrow(
      'i.json: [0].id must be lower-case letters',
    )
    expect(() => parseInterviews([{ ...interview, sections: [] }], 'i.json')).toThrow(
      'i.json: [0].sections must have at least one question and answer',
    )
    expect(() => parseInterviews([{ ...interview, publishedOn: 'soon' }], 'i.json')).toThrow(
      'i.json: [0].publishedOn must be a date',
    )
    expect(() => parseProfessions([profession, profession], 'p.json')).toThrow(
      'p.json: [1].id "researcher" is used by an earlier entry',
    )
  })

  it('shows the samples as a set outside production and nothing in production', () => {
    const interviews = loadInterviews('development')
    const professions = new Set(loadProfessions('development').map((item) => item.id))
    expect(interviews.length).toBeGreaterThan(0)
    expect(interviews.every((item) => item.isSample && professions.has(item.professionId))).toBe(
      true,
    )
    expect(loadInterviews('production')).toEqual([])
    expect(loadProfessions('production')).toEqual([])
  })
})

describe('partners', () => {
  it('reads a valid file and names a bad website', () => {
    const partner = {
      id: 'acme',
      name: 'Acme',
      description: 'd',
      offer: null,
      websiteUrl: 'https://acme.example',
      isSample: false,
    }
    expect(parsePartners([partner], 'p.json')[0]?.websiteUrl).toBe('https://acme.example/')
    expect(() => parsePartners([{ ...partner, websiteUrl: 'ftp://x' }], 'p.json')).toThrow(
      'p.json: [0].websiteUrl must be an http(s) URL',
    )
  })

  it('shows samples only outside production', () => {
    expect(loadPartners('preview').every((partner) => partner.isSample)).toBe(true)
    expect(loadPartners('preview').length).toBeGreaterThan(0)
    expect(loadPartners('production')).toEqual([])
  })
})

describe('samples', () => {
  it('every sample review says Sample visibly and only shows outside production', () => {
    const reviews = loadReviews('development')
    expect(reviews.length).toBeGreaterThan(0)
    for (const item of reviews) {
      expect(item.isSample).toBe(true)
      expect(item.reviewer.name).toMatch(/^Sample /)
    }
    expect(loadReviews('production')).toEqual([])
  })

  it("prefers the operator's entries and never shows a sample in production", () => {
    const real = { isSample: false, id: 'real' }
    const sample = { isSample: true, id: 'sample' }
    expect(chooseEntries([real], [sample], 'development')).toEqual([real])
    expect(chooseEntries([], [sample], 'preview')).toEqual([sample])
    expect(chooseEntries([], [sample], 'production')).toEqual([])
    expect(chooseEntries([real, sample], [sample], 'production')).toEqual([real])
  })

  it('reads the stage, unknown as development', () => {
    expect(toSiteStage('production')).toBe('production')
    expect(toSiteStage('prod')).toBe('development')
    expect(toSiteStage(undefined)).toBe('development')
  })
})

describe('operator details and links', () => {
  it('shows unfilled values as placeholders', () => {
    const details = parseOperatorDetails({ operatorName: 'Inkmark GmbH', email: null }, 'o.json')
    expect(details.operatorName).toEqual({ text: 'Inkmark GmbH', isPlaceholder: false })
    expect(details.email).toEqual({ text: '[Email: not filled in]', isPlaceholder: true })
    expect(operatorDetails().vatId.isPlaceholder).toBe(true)
  })

  it('keeps only the set social links, http(s) only', () => {
    const links = parseSiteLinks(
      {
        social: { twitter: 'https://x.com/inkmark', github: null },
        productHuntUrl: 'https://www.producthunt.com/products/inkmark',
      },
      'l.json',
    )
    expect(links.social).toEqual([
      { network: 'twitter', label: 'Twitter', url: 'https://x.com/inkmark' },
    ])
    expect(links.productHuntUrl).toBe('https://www.producthunt.com/products/inkmark')
    expect(() => parseSiteLinks({ social: { youtube: 'javascript:x' } }, 'l.json')).toThrow(
      'l.json: social.youtube must be an http(s) URL',
    )
    expect(socialLinks()).toEqual([])
    expect(productHuntUrl()).toBeNull()
  })
})

describe('productionContentProblems', () => {
  it('lists samples in operator files and unfilled imprint values', () => {
    const details = parseOperatorDetails({ operatorName: 'X' }, 'o.json')
    const problems = contentProblems(
      [{ file: 'r.json', entries: [{ isSample: true }, { isSample: true }, { isSample: false }] }],
      details,
    )
    expect(problems[0]).toBe('r.json: 2 entries are marked isSample: true')
    expect(problems).toContain(
      'site/content/operator.json: vatId (VAT identification number) is not filled in',
    )
    expect(problems.some((line) => line.includes('operatorName'))).toBe(false)
  })

  it('is non-empty for the repository content (the imprint is unfilled)', () => {
    expect(productionContentProblems().length).toBe(6)
  })
})
