// Driving the highlighter in Firefox ESR the way a person does, over WebDriver BiDi (firefox-bidi.ts):
// text selected by dragging the real mouse, Inkmark's interface clicked with the real mouse,
// shortcuts pressed on the real keyboard. Every event is trusted (the extension's isTrusted guards
// let it by). Inkmark's interface is in a closed shadow root (ADR 027): BiDi serializes a node's
// shadow root, closed ones included, when asked (`includeShadowTree: 'all'`), which is Firefox's
// counterpart of the DevTools protocol's `pierce` that closed-shadow.ts uses in Chromium.
import { expect } from 'vitest'
import { bidiValue, type FirefoxBrowser, type RemoteValue } from './firefox-bidi'

/** The host of the highlighter's interface (marker popup, toolbox and sidebar frames, toasts). */
export const UI_HOST = '#inkmark-ui-host'

/** WebDriver's key values for the modifiers. */
const KEYS = { Alt: '\uE00A', Shift: '\uE008', Escape: '\uE00C', Enter: '\uE007' } as const

/** Polls until the highlighter has marked the page (it sets the status attribute); its status. */
export async function highlighterReady(firefox: FirefoxBrowser, context: string): Promise<string> {
  let status: string | null = null
  await expect
    .poll(async () => {
      status = await firefox.evaluate<string | null>(
        context,
        "document.documentElement.getAttribute('data-inkmark-extension')",
      )
      return status
    })
    .not.toBeNull()
  return status!
}

/** The texts of the painted highlights, by mark id, in page order. */
export function paintedHighlights(
  firefox: FirefoxBrowser,
  context: string,
): Promise<{ id: string; text: string }[]> {
  return firefox.evaluate(
    context,
    `(() => {
      const byId = new Map()
      for (const element of document.querySelectorAll('.inkmark-highlight[markid]')) {
        const id = element.getAttribute('markid')
        const entry = byId.get(id) ?? { id, text: '' }
        entry.text += element.textContent ?? ''
        byId.set(id, entry)
      }
      return [...byId.values()]
    })()`,
  )
}

/** The viewport point `inset` px inside the left or right edge of character `index` of `selector`'s first text. */
async function characterPoint(
  firefox: FirefoxBrowser,
  context: string,
  selector: string,
  index: number,
  edge: 'left' | 'right',
): Promise<{ x: number; y: number }> {
  return firefox.evaluate(
    context,
    `(() => {
      const element = document.querySelector(${JSON.stringify(selector)})
      element.scrollIntoView({ block: 'center' })
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      const text = walker.nextNode()
      const range = document.createRange()
      range.setStart(text, ${index})
      range.setEnd(text, ${index + 1})
      const box = range.getBoundingClientRect()
      return {
        x: Math.round(${edge === 'left' ? 'box.left + 1' : 'box.right - 1'}),
        y: Math.round(box.top + box.height / 2),
      }
    })()`,
  )
}

/**
 * Selects characters [start, end) of the first text of `selector` by dragging the real mouse from
 * the first character's left edge to the last one's right edge; resolves the selected text.
 */
export async function selectByMouse(
  firefox: FirefoxBrowser,
  context: string,
  selector: string,
  start: number,
  end: number,
): Promise<string> {
  const from = await characterPoint(firefox, context, selector, start, 'left')
  const to = await characterPoint(firefox, context, selector, end - 1, 'right')
  await firefox.performActions(context, [
    {
      type: 'pointer',
      id: 'mouse',
      parameters: { pointerType: 'mouse' },
      actions: [
        { type: 'pointerMove', x: from.x, y: from.y },
        { type: 'pointerDown', button: 0 },
        { type: 'pointerMove', x: Math.round((from.x + to.x) / 2), y: to.y, duration: 50 },
        { type: 'pointerMove', x: to.x, y: to.y, duration: 50 },
        { type: 'pointerUp', button: 0 },
      ],
    },
  ])
  return firefox.evaluate<string>(context, 'window.getSelection().toString()')
}

/** Clicks the real mouse at (x, y) of the context's viewport. */
export async function clickAt(
  firefox: FirefoxBrowser,
  context: string,
  x: number,
  y: number,
): Promise<void> {
  await firefox.performActions(context, [
    {
      type: 'pointer',
      id: 'mouse',
      parameters: { pointerType: 'mouse' },
      actions: [
        { type: 'pointerMove', x: Math.round(x), y: Math.round(y) },
        { type: 'pointerDown', button: 0 },
        { type: 'pointerUp', button: 0 },
      ],
    },
  ])
}

/**
 * Brings the tab to the front and presses Alt plus a letter on the real keyboard of the browser
 * window (firefox-marionette.ts says why not the page's), where Firefox matches command keys.
 */
export async function pressShortcut(
  firefox: FirefoxBrowser,
  context: string,
  shortcut: 'Alt+S' | 'Alt+A' | 'Alt+W' | 'Alt+B' | 'Alt+R',
): Promise<void> {
  await firefox.send('browsingContext.activate', { context })
  const letter = shortcut.slice(-1).toLowerCase()
  await firefox.browserKeys([
    { type: 'keyDown', value: KEYS.Alt },
    { type: 'keyDown', value: letter },
    { type: 'keyUp', value: letter },
    { type: 'keyUp', value: KEYS.Alt },
  ])
}

/** Presses one key (Escape, Enter) on the real keyboard. */
export async function pressKey(
  firefox: FirefoxBrowser,
  context: string,
  key: keyof typeof KEYS,
): Promise<void> {
  await firefox.performActions(context, [
    {
      type: 'key',
      id: 'keyboard',
      actions: [
        { type: 'keyDown', value: KEYS[key] },
        { type: 'keyUp', value: KEYS[key] },
      ],
    },
  ])
}

/** Which element of a closed root: a selector, optionally only matches whose text has `hasText`. */
export interface ClosedTarget {
  selector: string
  hasText?: string
}

/** The closed shadow root of `host` on a page in Firefox, queried over BiDi. */
export class FirefoxClosedShadow {
  constructor(
    readonly firefox: FirefoxBrowser,
    readonly context: string,
    readonly host = UI_HOST,
  ) {}

  /** The shared id of the shadow root, or undefined while the host or its root is absent. */
  private async rootId(): Promise<string | undefined> {
    const host = await this.firefox.callFunction(
      this.context,
      '(selector) => document.querySelector(selector)',
      { args: [bidiValue(this.host)] },
    )
    const shadow = (host.value as { shadowRoot?: RemoteValue | null } | undefined)?.shadowRoot
    return shadow?.sharedId
  }

  /** The first match's shared id now, or undefined. */
  async find(target: string | ClosedTarget): Promise<string | undefined> {
    const { selector, hasText } = typeof target === 'string' ? { selector: target } : target
    const root = await this.rootId()
    if (root === undefined) {
      return undefined
    }
    const found = await this.firefox.callFunction(
      this.context,
      `function (selector, hasText) {
        return [...this.querySelectorAll(selector)].find(
          (element) => hasText === null || (element.textContent ?? '').includes(hasText),
        ) ?? null
      }`,
      { this: { sharedId: root }, args: [bidiValue(selector), bidiValue(hasText ?? null)] },
    )
    return found.sharedId
  }

  /** Waits for a match and resolves its shared id. */
  async waitFor(target: string | ClosedTarget): Promise<string> {
    let id: string | undefined
    await expect
      .poll(async () => {
        id = await this.find(target)
        return id
      })
      .toBeDefined()
    return id!
  }

  /** Runs `functionDeclaration` with `this` the first match (waits for it); its JSON value. */
  async evaluateOn<T>(target: string | ClosedTarget, functionDeclaration: string): Promise<T> {
    const id = await this.waitFor(target)
    const result = await this.firefox.callFunction(
      this.context,
      `function () { return JSON.stringify((${functionDeclaration}).call(this) ?? null) }`,
      { this: { sharedId: id } },
    )
    return JSON.parse(result.value as string) as T
  }

  /**
   * Clicks the first match's centre with the real mouse once its box holds still over two frames
   * (a popup being placed moves it) and it is what lies under that point.
   */
  async click(target: string | ClosedTarget): Promise<void> {
    await expect
      .poll(async () => {
        const id = await this.find(target)
        if (id === undefined) {
          return false
        }
        const point = await this.firefox.callFunction(
          this.context,
          `async function () {
            const box = () => JSON.stringify(this.getBoundingClientRect())
            const first = box()
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
            const rect = this.getBoundingClientRect()
            const x = rect.left + rect.width / 2
            const y = rect.top + rect.height / 2
            const hit = this.getRootNode().elementFromPoint(x, y)
            const still = first === box() && rect.width > 0
            return still && hit !== null && (hit === this || this.contains(hit))
              ? JSON.stringify({ x, y })
              : null
          }`,
          { this: { sharedId: id } },
        )
        if (point.type !== 'string') {
          return false
        }
        const { x, y } = JSON.parse(point.value as string) as { x: number; y: number }
        await clickAt(this.firefox, this.context, x, y)
        return true
      })
      .toBe(true)
  }
}

/** The highlighter's interface on the page of `context`. */
export function inkmarkUi(firefox: FirefoxBrowser, context: string): FirefoxClosedShadow {
  return new FirefoxClosedShadow(firefox, context)
}

/** The first frame under `context` (all levels) whose address's path is `path`; waits for it. */
export async function frameAtPath(
  firefox: FirefoxBrowser,
  context: string,
  path: string,
): Promise<string> {
  let found: string | undefined
  await expect
    .poll(async () => {
      const frames = await firefox.frames(context)
      found = frames.find((frame) => {
        try {
          return new URL(frame.url).pathname === path
        } catch {
          return false
        }
      })?.context
      return found
    })
    .toBeDefined()
  return found!
}

/** The toolbox page's path in the built extension. */
export const TOOLBOX_PATH = '/tabs/toolbox.html'

/** Whether the toolbox's frame (in Inkmark's closed root) is shown on the page. */
export async function isToolboxShown(firefox: FirefoxBrowser, context: string): Promise<boolean> {
  const ui = inkmarkUi(firefox, context)
  if ((await ui.find('iframe[src*="/tabs/toolbox.html"]')) === undefined) {
    return false
  }
  return ui.evaluateOn<boolean>(
    'iframe[src*="/tabs/toolbox.html"]',
    "function () { return getComputedStyle(this).visibility === 'visible' }",
  )
}

/**
 * Closes the toolbox a new highlight opened with a real Escape in the page (that toolbox takes no
 * keyboard focus, ADR 036), and waits until it is hidden.
 */
export async function closeNewHighlightToolbox(
  firefox: FirefoxBrowser,
  context: string,
): Promise<void> {
  await expect.poll(() => isToolboxShown(firefox, context)).toBe(true)
  await pressKey(firefox, context, 'Escape')
  await expect.poll(() => isToolboxShown(firefox, context)).toBe(false)
}

/** The browser's tabs (top-level contexts) with their addresses. */
export async function topContexts(
  firefox: FirefoxBrowser,
): Promise<{ context: string; url: string }[]> {
  const { contexts } = await firefox.send<{ contexts: { context: string; url: string }[] }>(
    'browsingContext.getTree',
    { maxDepth: 0 },
  )
  return contexts.map(({ context, url }) => ({ context, url }))
}

const extensionPages = new WeakMap<FirefoxBrowser, Promise<string>>()

/**
 * Calls a method of one of the background's contracts from an extension page of Firefox's (one
 * tab per browser, opened on first use), as the popup does; throws the contract's error.
 */
export async function extensionCall<T>(
  firefox: FirefoxBrowser,
  channel: 'inkmark:store' | 'inkmark:session',
  method: string,
  ...args: unknown[]
): Promise<T> {
  let page = extensionPages.get(firefox)
  if (!page) {
    page = firefox.openExtensionPage('tabs/sidebar.html')
    extensionPages.set(firefox, page)
  }
  const answer = await firefox.evaluate<{ ok: boolean; value?: T; error?: string }>(
    await page,
    `browser.runtime.sendMessage(${JSON.stringify({ channel, method, args })})`,
  )
  if (!answer.ok) {
    throw new Error(`${method} failed: ${answer.error}`)
  }
  return answer.value as T
}
