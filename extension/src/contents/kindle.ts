// The content script of the Kindle notebook page (read.amazon.com/notebook and the other Amazon
// stores' read.amazon hosts): the import helper's card (kindle/helper-ui.ts), which walks the
// notebook's books and sends each one to the background to import (ADR 083). It sends books and
// hears counts back; it never reads the library, so the page can learn nothing of it.
import type { PlasmoCSConfig } from 'plasmo'
import { startKindleHelper } from '~kindle/kindle-helper'

const HOSTS = [
  'read.amazon.com',
  'read.amazon.co.uk',
  'read.amazon.de',
  'read.amazon.fr',
  'read.amazon.es',
  'read.amazon.it',
  'read.amazon.nl',
  'read.amazon.co.jp',
  'read.amazon.in',
  'read.amazon.ca',
  'read.amazon.com.au',
  'read.amazon.com.br',
  'read.amazon.com.mx',
  'read.amazon.cn',
]

export const config: PlasmoCSConfig = {
  matches: HOSTS.flatMap((host) => [`https://${host}/notebook*`, `https://${host}/kp/notebook*`]),
  run_at: 'document_idle',
  all_frames: false,
}

startKindleHelper()
