// The part of jsdom's API the misc server uses (jsdom ships no types of its own; the relay builds
// without the DOM library, so the window is typed by what is used of it).
declare module 'jsdom' {
  export class VirtualConsole {
    constructor()
  }
  export interface JSDOMOptions {
    url?: string
    contentType?: string
    virtualConsole?: VirtualConsole
  }
  /** A jsdom window: its document, and closing it (timers, listeners). */
  export interface DOMWindow {
    readonly document: Document
    close(): void
  }
  export class JSDOM {
    constructor(html?: string | Buffer, options?: JSDOMOptions)
    readonly window: DOMWindow
  }
}
