import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { IMAGE_MANIFEST } from './image-manifest'
import { SiteImage } from './SiteImage'

/** The rendered <img>'s attributes, by name. */
function attributesOf(html: string): Map<string, string> {
  const tag = /^<img ([^>]*?)\/?>$/.exec(html)
  if (!tag) {
    throw new Error(`Not one <img>: ${html}`)
  }
  return new Map([...tag[1]!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]))
}

describe('SiteImage', () => {
  it('renders a WebP srcset of every variant with the sizes, intrinsic size, lazy loading', () => {
    const entry = IMAGE_MANIFEST.library
    const attributes = attributesOf(
      renderToStaticMarkup(
        <SiteImage
          name="library"
          alt="The sample library"
          sizes="(min-width: 768px) 50vw, 100vw"
        />,
      ),
    )
    expect(attributes.get('srcSet')).toBe(
      entry.widths.map((width) => `/img/library-${width}.${entry.hash}.webp ${width}w`).join(', '),
    )
    expect(attributes.get('sizes')).toBe('(min-width: 768px) 50vw, 100vw')
    expect(attributes.get('width')).toBe(String(entry.width))
    expect(attributes.get('height')).toBe(String(entry.height))
    expect(attributes.get('alt')).toBe('The sample library')
    expect(attributes.get('loading')).toBe('lazy')
    expect(attributes.get('decoding')).toBe('async')
    expect(attributes.has('fetchpriority')).toBe(false)
    expect(attributes.get('src')).toBe(`/img/library-1024.${entry.hash}.webp`)
  })

  it('loads a priority image eagerly with a high fetch priority', () => {
    const attributes = attributesOf(
      renderToStaticMarkup(<SiteImage name="reader" alt="The reader" priority />),
    )
    expect(attributes.get('loading')).toBe('eager')
    expect(attributes.get('fetchpriority')).toBe('high')
    expect(attributes.get('sizes')).toBe('100vw')
  })

  it('falls back to the narrowest variant when none is over 1024 pixels', () => {
    const entry = IMAGE_MANIFEST.popup
    const attributes = attributesOf(
      renderToStaticMarkup(<SiteImage name="popup" alt="The popup" />),
    )
    expect(attributes.get('src')).toBe(`/img/popup-${entry.widths.at(-1)}.${entry.hash}.webp`)
  })
})
