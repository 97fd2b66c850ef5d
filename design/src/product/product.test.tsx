// The product components rendered to static markup: what a card says and what it leaves out.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ColorPicker } from './ColorPicker'
import { EmptyState } from './EmptyState'
import { HighlightCard } from './HighlightCard'
import { PageCard, pageCountsText } from './PageCard'
import { TagChip } from './TagChip'
import { TagSuggestField } from './TagSuggestField'

describe('PageCard', () => {
  it('shows the site, the title, the counts with plurals and the cover picture', () => {
    const html = renderToStaticMarkup(
      <PageCard
        title={<a href="/page/1">How memory works</a>}
        url="https://www.learning.example.org/memory"
        imageUrl="https://cdn.example.org/cover.png"
        excerpt="What sleep does."
        highlightCount={1}
        noteCount={3}
      />,
    )
    expect(html).toContain('learning.example.org')
    expect(html).toContain('src="https://www.learning.example.org/favicon.ico"')
    expect(html).toContain('1 highlight · 3 notes')
    expect(html).toContain('What sleep does.')
    expect(html).toMatch(/<img[^>]*src="https:\/\/cdn.example.org\/cover.png"/)
    expect(html).toMatch(/referrerPolicy="no-referrer"/i)
    expect(html).toContain('loading="lazy"')
  })

  it('renders no cover box and a letter avatar when there is no picture and no web origin', () => {
    const html = renderToStaticMarkup(
      <PageCard title="Notes" url="file:///notes/essay.txt" highlightCount={0} />,
    )
    expect(html).not.toContain('ink-cover')
    expect(html).not.toContain('<img')
    expect(html).toContain('ink-site-icon--letter')
    expect(html).toContain('0 highlights')
  })

  it('says nothing about counts before they are known', () => {
    expect(pageCountsText(undefined, 2)).toBeUndefined()
    expect(pageCountsText(2, 0)).toBe('2 highlights')
    expect(pageCountsText(1, 1)).toBe('1 highlight · 1 note')
  })
})

describe('HighlightCard', () => {
  it('shows the text, note and page, the colour as a bar and its name for screen readers', () => {
    const html = renderToStaticMarkup(
      <HighlightCard
        text="Sleep consolidates memory."
        color="#f8fc46"
        colorName="Yellow"
        note="<b>not html</b>"
        pageTitle="How memory works"
      />,
    )
    expect(html).toContain('--ink-highlight-color:#f8fc46')
    expect(html).toContain('Yellow highlight')
    expect(html).toContain('&lt;b&gt;not html&lt;/b&gt;')
    expect(html).toContain('How memory works')
  })
})

describe('TagChip', () => {
  it('is plain text, or a button with the given name, with a named remove button', () => {
    expect(renderToStaticMarkup(<TagChip tag="research" />)).not.toContain('<button')
    const html = renderToStaticMarkup(
      <TagChip
        tag="research"
        onPress={() => undefined}
        pressLabel="Filter by tag research"
        onRemove={() => undefined}
      />,
    )
    expect(html).toContain('aria-label="Filter by tag research"')
    expect(html).toContain('aria-label="Remove tag research"')
    expect(html).toContain('#research')
  })
})

describe('ColorPicker', () => {
  it('is a radio group whose swatches carry their names', () => {
    const html = renderToStaticMarkup(
      <ColorPicker
        label="Colour"
        colors={[
          { value: '#f8fc46', name: 'Yellow' },
          { value: '#92ffaa', name: 'Green' },
        ]}
        value="#92ffaa"
        onChange={() => undefined}
      />,
    )
    expect(html).toContain('role="radiogroup"')
    expect(html.match(/type="radio"/g)).toHaveLength(2)
    expect(html).toContain('aria-label="Yellow"')
    expect(html).toMatch(/aria-label="Green"[^>]*checked|checked[^>]*aria-label="Green"/)
  })
})

describe('EmptyState', () => {
  it('has a heading at the given level, the text and the action', () => {
    const html = renderToStaticMarkup(
      <EmptyState
        title="Your library is empty"
        icon="✎"
        headingLevel={3}
        action={<a href="/x">Add</a>}
      >
        Highlight a page to start.
      </EmptyState>,
    )
    expect(html).toContain('<h3 class="ink-empty-state__title">Your library is empty</h3>')
    expect(html).toContain('aria-hidden="true"')
    expect(html).toContain('Highlight a page to start.')
  })
})

describe('TagSuggestField', () => {
  const field = (value: string, suggestions: string[]) =>
    renderToStaticMarkup(
      <TagSuggestField
        label="Add tag"
        value={value}
        onValueChange={() => undefined}
        suggestions={suggestions}
        onAdd={() => undefined}
      />,
    )

  it('is a combobox whose list offers the suggestions in the order given', () => {
    const html = field('des', ['design', 'designer'])
    expect(html).toMatch(/role="combobox"[^>]*aria-label="Add tag"/)
    expect(html).toContain('aria-expanded="true"')
    expect(html).toContain('role="listbox"')
    expect(html.indexOf('>design<')).toBeLessThan(html.indexOf('>designer<'))
    expect(html.match(/role="option"/g)).toHaveLength(2)
  })

  it('shows no list while nothing is typed or nothing is suggested', () => {
    expect(field('', ['design'])).not.toContain('role="listbox"')
    expect(field('zz', [])).not.toContain('role="listbox"')
    expect(field('', [])).toContain('aria-expanded="false"')
  })
})
