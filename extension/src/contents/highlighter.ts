// The content script of every page: the highlighter (guest/highlighter.ts). Top frame only; it
// talks to the background through the guest contract and never reads the library itself.
import type { PlasmoCSConfig } from 'plasmo'
import { startHighlighter } from '~guest/highlighter'

export const config: PlasmoCSConfig = {
  matches: ['<all_urls>'],
  run_at: 'document_idle',
  all_frames: false,
}

void startHighlighter()
