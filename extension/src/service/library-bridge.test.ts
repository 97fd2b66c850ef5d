// Only our own bridge content script, in a web app tab's top frame, is let in.
import { describe, expect, it } from 'vitest'
import { isBridgeSender } from './library-bridge'

const ID = 'abcdefghijklmnopabcdefghijklmnop'
const good = { id: ID, url: 'https://app.inkmark.app/page/1', frameId: 0, tab: { id: 3 } }

describe('the library bridge sender check', () => {
  it('lets in our content script on a configured origin', () => {
    expect(isBridgeSender(good, ID)).toBe(true)
    expect(isBridgeSender({ ...good, origin: 'https://app.inkmark.app' }, ID)).toBe(true)
    expect(isBridgeSender({ ...good, url: 'http://127.0.0.1:5273/' }, ID)).toBe(true)
  })

  it('keeps out other origins, frames, extensions and non-tab senders', () => {
    for (const sender of [
      undefined,
      { ...good, id: 'another-extension' },
      { ...good, url: 'https://evil.example/' },
      { ...good, url: 'http://127.0.0.1:5274/' },
      { ...good, url: 'http://app.inkmark.app/' },
      { ...good, url: 'not a url' },
      { ...good, url: undefined },
      { ...good, frameId: 2 },
      { ...good, frameId: undefined },
      { ...good, tab: undefined },
      { ...good, origin: 'https://evil.example' },
    ]) {
      expect(isBridgeSender(sender, ID), JSON.stringify(sender)).toBe(false)
    }
  })
})
