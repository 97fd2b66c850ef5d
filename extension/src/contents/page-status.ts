// The first guest on every page: tells the page (and our end-to-end tests) that Inkmark is present
// and whether highlighting is allowed here, by an attribute on <html>. Painting highlights builds on
// this in later content scripts.
import type { PlasmoCSConfig } from 'plasmo'
import { PAGE_STATUS_ATTRIBUTE, pageStatusFor } from '~guest/page-status'

export const config: PlasmoCSConfig = {
  matches: ['<all_urls>'],
  run_at: 'document_idle',
}

document.documentElement.setAttribute(PAGE_STATUS_ATTRIBUTE, pageStatusFor(location.href, []))
