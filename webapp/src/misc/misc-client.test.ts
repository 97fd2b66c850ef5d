// @vitest-environment jsdom
import { createMarkFixture } from '@inkmark/shared/testing'
import { describe, expect, it } from 'vitest'
import { fileNameOf, toMiscAddress } from './misc-client'
import { pdfHtml } from './pdf-html'

describe('the misc client', () => {
  it('takes the misc address of the build, refusing plain http beyond this computer', () => {
    expect(toMiscAddress(undefined)).toBeUndefined()
    expect(toMiscAddress('  ')).toBeUndefined()
    expect(toMiscAddress('https://misc.example.com/')).toBe('https://misc.example.com')
    expect(toMiscAddress('http://127.0.0.1:8788')).toBe('http://127.0.0.1:8788')
    expect(toMiscAddress('http://misc.example.com')).toBeUndefined()
  })

  it('reads the file name of a Content-Disposition', () => {
    expect(fileNameOf(null)).toBeUndefined()
    expect(fileNameOf('attachment; filename="On margins.pdf"')).toBe('On margins.pdf')
    expect(fileNameOf(`attachment; filename="Caf_.pdf"; filename*=UTF-8''Caf%C3%A9.pdf`)).toBe(
      'Café.pdf',
    )
  })
})

describe('the PDF HTML', () => {
  it('puts the highlights and notes in as text, never as HTML', () => {
    const mark = createMarkFixture({ text: '<img src=x onerror=alert(1)> a quote' })
    const html = pdfHtml('https://example.com/a', undefined, [mark])
    expect(html).toContain('Highlights (1)')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; a quote')
    expect(html).not.toContain('<img')
  })

  it('marks a highlight in the article where it is found', () => {
    const mark = createMarkFixture({ text: 'stick', color: '#ffe066' })
    const article = {
      title: 'T',
      byline: null,
      dir: null,
      lang: null,
      excerpt: null,
      siteName: null,
      publishedTime: null,
      contentHtml: '<p>Highlights make reading stick.</p>',
      textContent: 'Highlights make reading stick.',
      length: 30,
      url: 'https://example.com/a',
    }
    const html = pdfHtml('https://example.com/a', article, [mark])
    expect(html).toContain(
      '<p>Highlights make reading <mark style="background-color: rgb(255, 224, 102);">stick</mark>.</p>',
    )
  })
})
