// The content script of the Kindle notebook page (read.amazon.com/notebook and the other Amazon
// stores' read.amazon hosts): the import helper's card (kindle/helper-ui.ts), which walks the
// notebook's books and sends each one to the background to import (ADR 083). It sends books and
// hears counts back; it never reads the library, so the page can learn nothing of it.
import type { PlasmoCSConfig } from 'plasmo'
import { startKindleHelper } from '~kindle/kindle-helper'

// Plasmo reads this config without running it: the list is written out (one pair per Amazon store,
// the same hosts as KINDLE_NOTEBOOK_HOSTS in @inkmark/shared).
export const config: PlasmoCSConfig = {
  matches: [
    'https://read.amazon.com/notebook*',
    'https://read.amazon.com/kp/notebook*',
    'https://read.amazon.co.uk/notebook*',
    'https://read.amazon.co.uk/kp/notebook*',
    'https://read.amazon.de/notebook*',
    'https://read.amazon.de/kp/notebook*',
    'https://read.amazon.fr/notebook*',
    'https://read.amazon.fr/kp/notebook*',
    'https://read.amazon.es/notebook*',
    'https://read.amazon.es/kp/notebook*',
    'https://read.amazon.it/notebook*',
    'https://read.amazon.it/kp/notebook*',
    'https://read.amazon.nl/notebook*',
    'https://read.amazon.nl/kp/notebook*',
    'https://read.amazon.co.jp/notebook*',
    'https://read.amazon.co.jp/kp/notebook*',
    'https://read.amazon.in/notebook*',
    'https://read.amazon.in/kp/notebook*',
    'https://read.amazon.ca/notebook*',
    'https://read.amazon.ca/kp/notebook*',
    'https://read.amazon.com.au/notebook*',
    'https://read.amazon.com.au/kp/notebook*',
    'https://read.amazon.com.br/notebook*',
    'https://read.amazon.com.br/kp/notebook*',
    'https://read.amazon.com.mx/notebook*',
    'https://read.amazon.com.mx/kp/notebook*',
    'https://read.amazon.cn/notebook*',
    'https://read.amazon.cn/kp/notebook*',
  ],
  run_at: 'document_idle',
  all_frames: false,
}

startKindleHelper()
