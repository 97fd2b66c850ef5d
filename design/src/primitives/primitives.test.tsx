// @vitest-environment jsdom
// The primitives in a DOM: the toast queue's replace-by-id, a broken picture leaving no box, and
// IconButton's name.
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { CoverImage } from '../product/CoverImage'
import { SiteIcon } from '../product/SiteIcon'
import { IconButton } from './Button'
import { ToastQueue } from './Toast'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => {
  document.body.innerHTML = ''
})

function render(element: React.ReactElement): HTMLElement {
  const container = document.createElement('div')
  document.body.append(container)
  act(() => createRoot(container).render(element))
  return container
}

describe('ToastQueue', () => {
  it('replaces a toast shown with the same id and keeps others', () => {
    const toasts = new ToastQueue()
    toasts.show({ message: 'Saved', tone: 'success' })
    toasts.show({ message: 'Offline', tone: 'error', id: 'sync' })
    toasts.show({ message: 'Offline again', tone: 'error', id: 'sync' })
    expect(toasts.visible().map((toast) => toast.message)).toEqual(['Offline again', 'Saved'])
    toasts.close('sync')
    expect(toasts.visible().map((toast) => toast.message)).toEqual(['Saved'])
  })
})

describe('pictures that fail', () => {
  it('drop the cover box entirely and show the letter avatar for the icon', () => {
    const container = render(
      <>
        <CoverImage src="https://example.org/broken.png" />
        <SiteIcon url="https://example.org/page" />
      </>,
    )
    expect(container.querySelector('.ink-cover')).not.toBeNull()
    for (const image of container.querySelectorAll('img')) {
      act(() => {
        image.dispatchEvent(new Event('error'))
      })
    }
    expect(container.querySelector('.ink-cover')).toBeNull()
    expect(container.querySelector('.ink-site-icon--letter')?.textContent).toBe('E')
  })
})

describe('IconButton', () => {
  it('is named by its label and hides its icon', () => {
    const html = renderToStaticMarkup(<IconButton aria-label="Close">×</IconButton>)
    expect(html).toContain('aria-label="Close"')
    expect(html).toContain('<span aria-hidden="true" class="ink-icon-button__icon">×</span>')
  })
})
