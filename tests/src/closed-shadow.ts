// Reaching Inkmark's interface on a page the way the browser's own tooling can, not the way a page
// script could: its shadow roots are closed (ADR 027), so neither page.evaluate nor Playwright's
// locators (which pierce open roots only) see inside. The DevTools protocol does: DOM.getDocument
// with `pierce` lists closed roots, DOM.querySelectorAll runs in them, and Runtime.callFunctionOn
// reads what a node shows. Acting goes through real input (page.mouse at the element's box,
// page.keyboard), so the events stay trusted and the extension's isTrusted guards let them by.
import type { CDPSession, Page } from 'playwright-core'

/** The host of the highlighter's interface (marker popup, toolbox, toasts, sidebar frame). */
export const UI_HOST = '#inkmark-ui-host'
/** The host of the YouTube transcript panel. */
export const YOUTUBE_PANEL_HOST = '#inkmark-youtube-panel'

const DEFAULT_TIMEOUT_MS = 10_000
const POLL_MS = 50

/** Which elements: a CSS selector inside the root, optionally only those whose text contains `hasText`. */
export interface Target {
  selector: string
  hasText?: string
  /** Which match, in document order (the first when unset). */
  nth?: number
}

interface DomNode {
  nodeId: number
  nodeName: string
  children?: DomNode[]
  shadowRoots?: DomNode[]
  contentDocument?: DomNode
}

interface BoxModel {
  content: number[]
}

const sessions = new WeakMap<Page, Promise<CDPSession>>()

function sessionOf(page: Page): Promise<CDPSession> {
  let session = sessions.get(page)
  if (!session) {
    session = page.context().newCDPSession(page)
    sessions.set(page, session)
  }
  return session
}

function toTarget(target: string | Target): Target {
  return typeof target === 'string' ? { selector: target } : target
}

function describe(host: string, target: Target): string {
  const text = target.hasText === undefined ? '' : ` with text "${target.hasText}"`
  const nth = target.nth === undefined ? '' : ` (match ${target.nth})`
  return `'${target.selector}'${text}${nth} in the closed shadow root of '${host}'`
}

function findNode(node: DomNode, nodeId: number): DomNode | undefined {
  if (node.nodeId === nodeId) {
    return node
  }
  for (const child of node.children ?? []) {
    const found = findNode(child, nodeId)
    if (found) {
      return found
    }
  }
  return undefined
}

/** A closed shadow root on a page, queried through the DevTools protocol. */
export class ClosedShadow {
  constructor(
    readonly page: Page,
    readonly host: string,
  ) {}

  private async send<T>(method: string, params: object = {}): Promise<T> {
    const session = await sessionOf(this.page)
    return await session.send(method as never, params as never)
  }

  /** The node ids of the matches, in document order; none while the host or its root is absent. */
  private async matches(target: Target): Promise<number[]> {
    const { root } = await this.send<{ root: DomNode }>('DOM.getDocument', {
      depth: -1,
      pierce: true,
    })
    const { nodeId: hostId } = await this.send<{ nodeId: number }>('DOM.querySelector', {
      nodeId: root.nodeId,
      selector: this.host,
    })
    const shadow = hostId === 0 ? undefined : findNode(root, hostId)?.shadowRoots?.[0]
    if (!shadow) {
      return []
    }
    const { nodeIds } = await this.send<{ nodeIds: number[] }>('DOM.querySelectorAll', {
      nodeId: shadow.nodeId,
      selector: target.selector,
    })
    if (target.hasText === undefined) {
      return nodeIds
    }
    const kept: number[] = []
    for (const nodeId of nodeIds) {
      const text = await this.callOn<string>(nodeId, 'function () { return this.textContent }')
      if (text.includes(target.hasText)) {
        kept.push(nodeId)
      }
    }
    return kept
  }

  private async callOn<T>(
    nodeId: number,
    functionDeclaration: string,
    args: unknown[] = [],
    awaitPromise = false,
  ): Promise<T> {
    const { object } = await this.send<{ object: { objectId: string } }>('DOM.resolveNode', {
      nodeId,
    })
    try {
      const { result, exceptionDetails } = await this.send<{
        result: { value: T }
        exceptionDetails?: { text: string }
      }>('Runtime.callFunctionOn', {
        objectId: object.objectId,
        functionDeclaration,
        arguments: args.map((value) => ({ value })),
        returnByValue: true,
        awaitPromise,
      })
      if (exceptionDetails) {
        const detail = (exceptionDetails as { exception?: { description?: string } }).exception
        throw new Error(
          `Reading ${this.host}'s shadow root failed: ${detail?.description ?? exceptionDetails.text}`,
        )
      }
      return result.value
    } finally {
      await this.send('Runtime.releaseObject', { objectId: object.objectId }).catch(() => {})
    }
  }

  /**
   * Runs `read` until it gives a value (the DOM changed under a query: its node ids are stale) or
   * the match is absent for `timeoutMs`.
   */
  private async one<T>(
    target: string | Target,
    read: (nodeId: number) => Promise<T>,
    timeoutMs = DEFAULT_TIMEOUT_MS,
  ): Promise<T> {
    const wanted = toTarget(target)
    const deadline = Date.now() + timeoutMs
    let lastError: unknown
    for (;;) {
      try {
        const nodeId = (await this.matches(wanted))[wanted.nth ?? 0]
        if (nodeId !== undefined) {
          return await read(nodeId)
        }
      } catch (error) {
        lastError = error
      }
      if (Date.now() > deadline) {
        const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : ''
        throw new Error(
          `Timed out after ${timeoutMs} ms waiting for ${describe(this.host, wanted)}${cause}`,
        )
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
  }

  /**
   * Runs `functionDeclaration` (a function's source) with `this` the shadow root itself and
   * `args`, awaiting a promise it returns, e.g. to run axe-core inside the root.
   */
  async evaluateOnRoot<T>(functionDeclaration: string, args: unknown[] = []): Promise<T> {
    const { root } = await this.send<{ root: DomNode }>('DOM.getDocument', {
      depth: -1,
      pierce: true,
    })
    const { nodeId: hostId } = await this.send<{ nodeId: number }>('DOM.querySelector', {
      nodeId: root.nodeId,
      selector: this.host,
    })
    const shadow = hostId === 0 ? undefined : findNode(root, hostId)?.shadowRoots?.[0]
    if (!shadow) {
      throw new Error(`No shadow root at '${this.host}'`)
    }
    return this.callOn<T>(shadow.nodeId, functionDeclaration, args, true)
  }

  /** How many elements match now (0 while the host is absent). */
  async count(target: string | Target): Promise<number> {
    return (await this.matches(toTarget(target))).length
  }

  /** Waits until a match is attached (the default) or none is left. */
  async waitFor(
    target: string | Target,
    options: { state?: 'attached' | 'detached'; timeoutMs?: number } = {},
  ): Promise<void> {
    const wanted = toTarget(target)
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    if (options.state !== 'detached') {
      await this.one(wanted, () => Promise.resolve(), timeoutMs)
      return
    }
    const deadline = Date.now() + timeoutMs
    while ((await this.count(wanted)) > 0) {
      if (Date.now() > deadline) {
        throw new Error(
          `Timed out after ${timeoutMs} ms waiting for ${describe(this.host, wanted)} to go away`,
        )
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
  }

  /** The text of the first match (waits for it). */
  text(target: string | Target): Promise<string> {
    return this.one(target, (nodeId) =>
      this.callOn<string>(nodeId, 'function () { return this.textContent }'),
    )
  }

  /** The texts of every match now, in document order. */
  async texts(target: string | Target): Promise<string[]> {
    const texts: string[] = []
    for (const nodeId of await this.matches(toTarget(target))) {
      texts.push(await this.callOn<string>(nodeId, 'function () { return this.textContent }'))
    }
    return texts
  }

  /** An attribute of the first match, or null (waits for the match). */
  attribute(target: string | Target, name: string): Promise<string | null> {
    return this.one(target, (nodeId) =>
      this.callOn<string | null>(nodeId, 'function (name) { return this.getAttribute(name) }', [
        name,
      ]),
    )
  }

  /** A property of the first match, e.g. a field's `value` or a box's `checked` (waits for it). */
  property<T>(target: string | Target, name: string): Promise<T> {
    return this.one(target, (nodeId) =>
      this.callOn<T>(nodeId, 'function (name) { return this[name] }', [name]),
    )
  }

  /** Whether the first match has the focus in the root (waits for the match). */
  isFocused(target: string | Target): Promise<boolean> {
    return this.one(target, (nodeId) =>
      this.callOn<boolean>(
        nodeId,
        'function () { return this.getRootNode().activeElement === this }',
      ),
    )
  }

  /** The first match's box in the page's viewport, scrolled into view (waits for it). */
  box(target: string | Target): Promise<{ x: number; y: number; width: number; height: number }> {
    return this.one(target, async (nodeId) => {
      await this.send('DOM.scrollIntoViewIfNeeded', { nodeId })
      const { model } = await this.send<{ model: BoxModel }>('DOM.getBoxModel', { nodeId })
      const xs = [model.content[0]!, model.content[2]!, model.content[4]!, model.content[6]!]
      const ys = [model.content[1]!, model.content[3]!, model.content[5]!, model.content[7]!]
      const x = Math.min(...xs)
      const y = Math.min(...ys)
      return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y }
    })
  }

  /** Gives the first match the keyboard focus (as the DevTools' focus does; waits for it). */
  async focus(target: string | Target): Promise<void> {
    await this.one(target, (nodeId) => this.send('DOM.focus', { nodeId }))
  }

  /**
   * Clicks the first match's centre with the real mouse, as Playwright's own click does: it waits
   * for the match, for its box to hold still over two animation frames (a panel being placed or a
   * page being pushed aside moves it) and for the match to be what is under that point.
   */
  async click(target: string | Target): Promise<void> {
    const deadline = Date.now() + DEFAULT_TIMEOUT_MS
    for (;;) {
      const first = await this.box(target)
      await this.page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      )
      const box = await this.box(target)
      const x = box.x + box.width / 2
      const y = box.y + box.height / 2
      const still =
        box.x === first.x &&
        box.y === first.y &&
        box.width === first.width &&
        box.height === first.height
      if (still && (await this.isHitAt(target, x, y))) {
        await this.page.mouse.click(x, y)
        return
      }
      if (Date.now() > deadline) {
        throw new Error(`${describe(this.host, toTarget(target))} did not hold still to be clicked`)
      }
    }
  }

  /** Whether the first match (or one of its children) is the topmost element at (x, y). */
  private isHitAt(target: string | Target, x: number, y: number): Promise<boolean> {
    return this.one(target, (nodeId) =>
      this.callOn<boolean>(
        nodeId,
        `function (x, y) {
          const hit = this.getRootNode().elementFromPoint(x, y)
          return hit !== null && (hit === this || this.contains(hit))
        }`,
        [x, y],
      ),
    )
  }

  /** Focuses the first match with a real click and types `text` on the real keyboard. */
  async type(target: string | Target, text: string): Promise<void> {
    await this.click(target)
    await this.page.keyboard.type(text)
  }

  /** Replaces a text field's value by typing: a real click, select all, then the keyboard. */
  async fill(target: string | Target, text: string): Promise<void> {
    await this.click(target)
    await this.page.keyboard.press('Control+A')
    if (text === '') {
      await this.page.keyboard.press('Delete')
    } else {
      await this.page.keyboard.type(text)
    }
  }
}

/** The highlighter's interface on `page` (marker popup, toolbox, toasts, sidebar frame, widget). */
export function inkmarkUi(page: Page): ClosedShadow {
  return new ClosedShadow(page, UI_HOST)
}

/** The YouTube transcript panel on `page`. */
export function youtubePanel(page: Page): ClosedShadow {
  return new ClosedShadow(page, YOUTUBE_PANEL_HOST)
}
