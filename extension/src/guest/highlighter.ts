// The highlighter on a page: loads the page's highlights from the background, anchors and paints
// them (again when the page's content changes, or when the library changes elsewhere), offers the
// marker popup on a selection, opens a highlight's toolbox on click or Enter, and runs the keyboard
// shortcuts the background hands it (manifest commands, ADR 028). What cannot be placed is counted
// and offered to try again.
import {
  Message,
  addRecentColor,
  anchorAll,
  describeRange,
  highlightsAppliedMessage,
  highlightsNotAppliedMessage,
  paintAll,
  paintHighlight,
  paintImageHighlight,
  removeHighlight,
  pageSelectorsOf,
  selectorsToList,
  type AnchorSelectors,
  watchDom,
  type GuestPage,
  type GuestSettings,
  type PaintableMark,
} from '@inkmark/shared/guest'
import { callBackground } from './bridge'
import { HIGHLIGHT_IMAGE, LIBRARY_CHANGED, OFFER_PAGE_CONTENT } from './channels'
import { closeMarkerPopup, isMarkerPopupOpen, showMarkerPopup } from './marker-popup'
import { watchPageAddress } from './page-address'
import { offerPageContent } from './page-content-offer'
import { saveSharedTranscript } from './transcript-share'
import { PAGE_STATUS_ATTRIBUTE } from './page-status'
import { openPageInReader } from './reader-handoff'
import { isOpenReaderMessage, isOpenSidebarMessage } from '../pages/sidebar-protocol'
import {
  FALLBACK_KEYS,
  MENU_ACCESS_KEYS,
  SHORTCUT_FALLBACK_CHANNEL,
  isShortcutMessage,
  type ShortcutCommand,
} from './shortcut-protocol'
import {
  followPageAddress,
  openSidebar,
  refreshSidebar,
  relayoutSidebar,
  startSidebarHost,
  stopSidebarHost,
  toggleSidebar,
} from './sidebar-host'
import { showToast } from './toasts'
import { SEE_PLANS, UPGRADE_NEEDED_TEXT, upgradeNeededFeature } from './upgrade-needed'
import { confirmLink, isModifiedClick, linkAround } from './link-confirm'
import { closeToolbox, isToolboxOpen, openToolbox, prepareToolbox } from './toolbox'
import { flashHighlight } from './highlight-flash'
import { isInsideUi, keyEventTarget } from './ui-host'

const HIGHLIGHT_SELECTOR = '.inkmark-highlight[markid]'

interface State {
  page: GuestPage
  /** Marks painted now, by id, as painted (to tell what changed). */
  painted: Map<string, PaintableMark>
  /** Marks that could not be placed on the page. */
  unplaced: Set<string>
  lastColor: string
  passes: number
  /** Highlights this page has created so far; a reload that overlapped one reads again. */
  creates: number
  /**
   * The "applied" report owed to the person (after the page's load or Try again), with what has
   * been placed since: a newer pass that replaces the reporting one (the library changed
   * meanwhile) gives it when it ends.
   */
  report: { placed: number } | null
}

let state: State | undefined

/** The page's own anchors; a mark made in the reader by its quote only (ADR 017). */
function selectorsOf(mark: PaintableMark): AnchorSelectors {
  return pageSelectorsOf(mark)
}

function paintOptions(mark: PaintableMark) {
  return {
    markId: mark._id,
    mediaType: mark.mediaType,
    color: mark.color,
    hasNotes: mark.hasNotes,
    hasTags: mark.hasTags,
  }
}

/** Anchors and paints the marks not painted yet; reports the outcome when `report`. */
async function paintPending(report: boolean): Promise<void> {
  if (!state) {
    return
  }
  const current = state
  const pass = ++current.passes
  if (report) {
    current.report ??= { placed: 0 }
  }
  const pending = current.page.marks.filter((mark) => !current.painted.has(mark._id))
  const images = pending.filter((mark) => mark.mediaType === 'image' && mark.imageSrc)
  const texts = pending.filter((mark) => !images.includes(mark))
  const placedOne = () => {
    if (current.report) {
      current.report.placed++
    }
  }
  for (const mark of images) {
    if (paintImageHighlight(document.body, { ...paintOptions(mark), imageSrc: mark.imageSrc! })) {
      current.painted.set(mark._id, mark)
      current.unplaced.delete(mark._id)
      placedOne()
    } else {
      current.unplaced.add(mark._id)
    }
  }
  const isCurrent = () => state === current && pass === current.passes
  const anchors = await anchorAll(document.body, texts.map(selectorsOf))
  if (!isCurrent()) {
    return
  }
  // Painted in slices, each highlight recorded at once: a newer pass (the page changed meanwhile)
  // stops this one between slices and must not paint what this one already did.
  const requests = anchors.map((anchor, position) =>
    anchor ? { range: anchor.range, options: paintOptions(texts[position]!) } : null,
  )
  const painted = await paintAll(requests, {
    isCurrent,
    onPainted: (position, wrappers) => {
      const mark = texts[position]!
      if (wrappers.length > 0) {
        makeFocusable(wrappers[0]!)
        current.painted.set(mark._id, mark)
        current.unplaced.delete(mark._id)
        placedOne()
      }
    },
  })
  if (!isCurrent()) {
    return
  }
  texts.forEach((mark, position) => {
    if (painted[position]!.length === 0) {
      current.unplaced.add(mark._id)
    }
  })
  refreshSidebar()
  const owed = current.report
  current.report = null
  if (owed !== null) {
    if (owed.placed > 0) {
      showToast(highlightsAppliedMessage(owed.placed))
    }
    if (current.unplaced.size > 0) {
      showToast(highlightsNotAppliedMessage(current.unplaced.size), {
        label: 'Try again',
        run: () => void paintPending(true),
      })
    }
  }
}

function makeFocusable(first: HTMLElement): void {
  first.tabIndex = 0
  first.setAttribute('role', 'button')
  first.setAttribute('aria-label', 'Highlight: open its toolbox')
}

/** Loads the page's marks again and repaints what changed (after a change elsewhere). */
async function reload(): Promise<void> {
  if (!state) {
    await wakeIfAllowed()
    return
  }
  const current = state
  let page: GuestPage
  for (;;) {
    const creates = current.creates
    page = await callBackground('loadPage')
    // A highlight made while the page was read may be missing from it: it would be unpainted.
    if (current.creates === creates) {
      break
    }
  }
  if (state !== current) {
    return
  }
  if (page.blacklisted) {
    // The person blacklisted this site (or the page moved to a blacklisted address): off at once.
    stopOnPage()
    return
  }
  const previous = current.page.settings
  current.page = page
  followSettings(previous, page.settings)
  const fresh = new Map(page.marks.map((mark) => [mark._id, mark]))
  for (const [id, painted] of current.painted) {
    const now = fresh.get(id)
    if (!now || JSON.stringify(paintOptions(now)) !== JSON.stringify(paintOptions(painted))) {
      removeHighlight(document.body, id)
      current.painted.delete(id)
    }
  }
  for (const id of current.unplaced) {
    if (!fresh.has(id)) {
      current.unplaced.delete(id)
    }
  }
  await paintPending(false)
}

async function highlightSelection(color: string, withNote = false): Promise<void> {
  const selection = window.getSelection()
  const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : undefined
  if (!state || !range || range.collapsed || isInsideUi(range.commonAncestorContainer)) {
    showToast(Message.NO_TEXT_SELECTED)
    return
  }
  const inside = state.page.settings.highlighterMode === 'EXPERT' ? highlightAround(range) : null
  if (inside !== null) {
    await recolorHighlight(inside, color, withNote)
    return
  }
  const described = describeRange(document.body, range)
  if (!described) {
    showToast(Message.NO_TEXT_SELECTED)
    return
  }
  try {
    const mark = await callBackground('createMark', {
      title: document.title,
      text: described.quote.exact,
      color,
      highlightSource: {
        ...described.highlightSource,
        selectors: selectorsToList(described),
      },
    })
    state.lastColor = color
    state.page.marks.push(mark)
    // The background's list, kept the same way here (capped, most recent first).
    state.page.settings.recentColors = addRecentColor(state.page.settings.recentColors, color)
    const wrappers = paintHighlight(range, paintOptions(mark))
    state.painted.set(mark._id, mark)
    state.creates += 1
    selection?.removeAllRanges()
    offerPageContent()
    saveSharedTranscript(location.href)
    if (wrappers[0]) {
      makeFocusable(wrappers[0])
      // The keyboard stays in the page unless the person asked for a note (ADR 036).
      if (withNote || state.page.settings.showToolboxAutomatically) {
        openToolboxOf(wrappers[0], withNote)
      }
    }
  } catch (error) {
    showToast(error instanceof Error ? error.message : Message.GENERIC_ERROR)
  }
}

/** The id of the painted highlight that holds the whole of `range`, or null. */
function highlightAround(range: Range): string | null {
  const holder = (node: Node) =>
    (node instanceof Element ? node : node.parentElement)?.closest(HIGHLIGHT_SELECTOR) ?? null
  const start = holder(range.startContainer)
  const end = holder(range.endContainer)
  const markId = start?.getAttribute('markid') ?? null
  if (markId === null || end?.getAttribute('markid') !== markId || !state?.painted.has(markId)) {
    return null
  }
  return markId
}

/**
 * Advanced mode (ADR 077): a selection inside an existing highlight changes that highlight's
 * colour (and opens its note when asked) instead of laying a second highlight over it.
 */
async function recolorHighlight(markId: string, color: string, withNote: boolean): Promise<void> {
  try {
    const mark = await callBackground('updateMark', markId, { color })
    window.getSelection()?.removeAllRanges()
    if (!state) {
      return
    }
    state.lastColor = color
    state.page.marks = state.page.marks.map((other) =>
      other._id === markId ? { ...other, ...mark } : other,
    )
    removeHighlight(document.body, markId)
    state.painted.delete(markId)
    await paintPending(false)
    const first = Array.from(document.querySelectorAll<HTMLElement>(HIGHLIGHT_SELECTOR)).find(
      (wrapper) => wrapper.getAttribute('markid') === markId && !isInsideUi(wrapper),
    )
    if (first && (withNote || state.page.settings.showToolboxAutomatically)) {
      openToolboxOf(first, withNote)
    }
  } catch (error) {
    showToast(error instanceof Error ? error.message : Message.GENERIC_ERROR)
  }
}

async function highlightImage(srcUrl: string): Promise<void> {
  if (!state) {
    return
  }
  const image = Array.from(document.images).find(
    (candidate) => candidate.currentSrc === srcUrl || candidate.src === srcUrl,
  )
  if (!image) {
    showToast(Message.NO_IMAGE_AVAILABLE)
    return
  }
  try {
    const mark = await callBackground('createMark', {
      title: document.title,
      text: image.alt,
      color: state.page.settings.defaultHighlightColor,
      mediaType: 'image',
      imageSrc: srcUrl,
      imageAlt: image.alt,
    })
    state.page.marks.push(mark)
    if (paintImageHighlight(document.body, { ...paintOptions(mark), imageSrc: srcUrl })) {
      state.painted.set(mark._id, mark)
      state.creates += 1
    }
  } catch (error) {
    showToast(error instanceof Error ? error.message : Message.GENERIC_ERROR)
  }
}

async function savePage(): Promise<void> {
  try {
    await callBackground('savePage', { title: document.title })
    showToast(Message.BOOKMARK_SAVED)
    offerPageContent()
    saveSharedTranscript(location.href)
  } catch (error) {
    showToast(error instanceof Error ? error.message : Message.GENERIC_ERROR)
  }
}

function openToolboxOf(element: HTMLElement, takeFocus = true): void {
  const markId = element.getAttribute('markid')
  if (!state || !markId) {
    return
  }
  const link = linkAround(element)
  void openToolbox(
    markId,
    element.getBoundingClientRect(),
    { recentColors: state.page.settings.recentColors, mode: state.page.settings.highlighterMode },
    {
      changed(mark) {
        if (!state) {
          return
        }
        state.page.marks = state.page.marks.map((other) =>
          other._id === mark._id ? { ...other, ...mark } : other,
        )
        const painted = state.painted.get(mark._id)
        if (
          painted &&
          painted.color === mark.color &&
          painted.hasNotes === mark.hasNotes &&
          painted.hasTags === mark.hasTags
        ) {
          // A note saved as it is typed: nothing to paint again.
          return
        }
        removeHighlight(document.body, mark._id)
        state.painted.delete(mark._id)
        void paintPending(false)
      },
      deleted(id, bookmarkDeleted) {
        if (!state) {
          return
        }
        removeHighlight(document.body, id)
        state.painted.delete(id)
        state.page.marks = state.page.marks.filter((mark) => mark._id !== id)
        if (bookmarkDeleted) {
          showToast(Message.BOOKMARK_REMOVED)
        }
      },
    },
    link,
    takeFocus,
  )
}

/**
 * The sidebar asked to show a highlight: scrolls to it and flashes it, only when this script
 * painted it (an id the page made up, or one not placed here, does nothing).
 */
function showHighlight(markId: string): void {
  if (!state?.painted.has(markId)) {
    return
  }
  const wrappers = Array.from(document.querySelectorAll<HTMLElement>(HIGHLIGHT_SELECTOR)).filter(
    (wrapper) => wrapper.getAttribute('markid') === markId && !isInsideUi(wrapper),
  )
  flashHighlight(wrappers)
}

function onSelectionEnd(event: Event): void {
  if (!event.isTrusted) {
    return
  }
  if (!state?.page.settings.showMarkerPopup || isInsideUi(event.target as Node | null)) {
    return
  }
  // After the browser has settled the selection.
  setTimeout(() => {
    const selection = window.getSelection()
    if (!state || !selection || selection.isCollapsed || selection.toString().trim() === '') {
      if (isMarkerPopupOpen() && event.type === 'mouseup') {
        closeMarkerPopup()
      }
      return
    }
    const range = selection.getRangeAt(0)
    if (isInsideUi(range.commonAncestorContainer)) {
      return
    }
    const { settings } = state.page
    showMarkerPopup(
      range.getBoundingClientRect(),
      {
        recentColors: settings.recentColors,
        mode: settings.highlighterMode,
        defaultColor: settings.defaultHighlightColor,
      },
      (color, withNote) => void highlightSelection(color, withNote),
    )
  }, 0)
}

/** Whether the key goes to a text field (ours or the page's): Alt+R types "®" on some keyboards. */
function isTyping(event: KeyboardEvent): boolean {
  const target = keyEventTarget(event)
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  )
}

function onKeyDown(event: KeyboardEvent): void {
  // A page script can dispatch a fake Alt+S or Enter (ADR 027).
  if (!event.isTrusted) {
    return
  }
  if (!state) {
    return
  }
  const target = event.target as HTMLElement | null
  if (event.key === 'Escape' && isToolboxOpen() && !isInsideUi(target)) {
    // The toolbox a new highlight opened does not hold the keyboard: Escape in the page closes it.
    closeToolbox()
    return
  }
  if (event.key === 'Enter' && target?.matches?.(HIGHLIGHT_SELECTOR)) {
    event.preventDefault()
    openToolboxOf(target)
    return
  }
  // The shortcuts are manifest commands (runShortcut); only Alt+R has a page fallback, for a key
  // the person pressed (never a page's synthetic event) while its command has no key (ADR 028);
  // in Firefox, Alt+S and Alt+B, which its menu bar would take first (ADR 082).
  const menuCommand = menuKeyCommands.get(event.code)
  const fallback = menuCommand ?? FALLBACK_KEYS[event.code]
  if (
    fallback === undefined ||
    !event.isTrusted ||
    event.defaultPrevented ||
    !event.altKey ||
    event.ctrlKey ||
    event.metaKey ||
    event.shiftKey ||
    isTyping(event)
  ) {
    return
  }
  if (menuCommand !== undefined) {
    // Kept from the menu bar (a prevented keydown gets no access key), run here once.
    event.preventDefault()
    runShortcut(menuCommand)
    return
  }
  void askFallback(fallback).then((allowed) => {
    if (allowed) {
      runShortcut(fallback)
    }
  })
}

/** Whether the background lets the page run `command` from a key press (ADR 028, 082). */
function askFallback(command: ShortcutCommand): Promise<boolean> {
  return chrome.runtime
    .sendMessage<unknown, { ok: boolean; value?: unknown } | undefined>({
      channel: SHORTCUT_FALLBACK_CHANNEL,
      command,
    })
    .then(
      (answer) => answer?.ok === true && answer.value === true,
      () => false,
    )
}

/**
 * Firefox's menu access keys the page takes (ADR 082), by KeyboardEvent.code: asked once when the
 * highlighter starts, so that the key press can be kept from the menu bar at once.
 */
const menuKeyCommands = new Map<string, ShortcutCommand>()

async function learnMenuKeys(): Promise<void> {
  if (!chrome.runtime.getURL('').startsWith('moz-extension:')) {
    return
  }
  for (const [code, command] of Object.entries(MENU_ACCESS_KEYS)) {
    if (await askFallback(command)) {
      menuKeyCommands.set(code, command)
    }
  }
}

/** Whether the focus is in a text field (ours or the page's), where a highlight has no place. */
function isEditing(): boolean {
  let active = document.activeElement
  while (active?.shadowRoot?.activeElement) {
    active = active.shadowRoot.activeElement
  }
  return (
    active instanceof HTMLElement &&
    (active.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(active.tagName))
  )
}

/** Runs a keyboard command the background handed over (a key the person pressed in the browser). */
function runShortcut(command: ShortcutCommand): void {
  if (!state) {
    return
  }
  switch (command) {
    case 'highlightText':
      if (!isEditing()) {
        void highlightSelection(state.page.settings.defaultHighlightColor)
      }
      return
    case 'highlightWithLastFormat':
      if (!isEditing()) {
        void highlightSelection(state.lastColor)
      }
      return
    case 'bookmarkPage':
      void savePage()
      return
    case 'toggleSidebar':
      toggleSidebar()
      return
    case 'openInReader':
      void openPageInReader()
      return
  }
}

function onClick(event: MouseEvent): void {
  if (!event.isTrusted || !state) {
    return
  }
  const target = event.target as Element | null
  const highlight = target?.closest?.(HIGHLIGHT_SELECTOR) as HTMLElement | null
  if (highlight && !isInsideUi(highlight)) {
    const selection = window.getSelection()
    if (selection && !selection.isCollapsed) {
      return
    }
    const anchor = highlight.closest('a[href]')
    if (anchor !== null) {
      // Ctrl, ⌘ or Shift on a link asks the browser for a tab or window: that is left to it.
      if (isModifiedClick(event)) {
        return
      }
      // The click opens the toolbox; the link is followed only once confirmed (spec section 8).
      event.preventDefault()
      openToolboxOf(highlight)
      const link = linkAround(highlight)
      if (link !== undefined) {
        confirmLink(link)
      }
      return
    }
    openToolboxOf(highlight)
  } else if (!isInsideUi(target)) {
    closeToolbox()
  }
}

/** Whether the listeners of the page and the extension are in place (once per page). */
let listening = false

/**
 * Applies settings that changed while the page is open (ADR 077): the marker popup turned off goes
 * away, the open sidebar takes its new width, side and behaviour, the edge button follows. What is
 * read at the moment of use (the popup's colours, the toolbox after highlighting, the default
 * colour of a shortcut) needs nothing more.
 */
function followSettings(previous: GuestSettings, next: GuestSettings): void {
  if (!next.showMarkerPopup) {
    closeMarkerPopup()
  }
  if (JSON.stringify(previous.sidebarOptions) !== JSON.stringify(next.sidebarOptions)) {
    relayoutSidebar()
  }
}

function setPageStatus(blacklisted: boolean): void {
  document.documentElement.setAttribute(
    PAGE_STATUS_ATTRIBUTE,
    blacklisted ? 'blacklisted' : 'ready',
  )
}

/** Turns the highlighter off on this page: its highlights, popup, toolbox and sidebar go. */
function stopOnPage(): void {
  setPageStatus(true)
  const stopped = state
  state = undefined
  if (!stopped) {
    return
  }
  closeMarkerPopup()
  closeToolbox()
  stopSidebarHost()
  for (const id of stopped.painted.keys()) {
    removeHighlight(document.body, id)
  }
}

/** The highlighter is off here: turns it on when the site is no longer blacklisted. */
async function wakeIfAllowed(): Promise<void> {
  if (!listening) {
    return
  }
  let page: GuestPage
  try {
    page = await callBackground('loadPage')
  } catch {
    return
  }
  if (!state) {
    await startOnPage(page)
  }
}

/** Turns the highlighter on for `page` (nothing but the page's status when it is blacklisted). */
async function startOnPage(page: GuestPage): Promise<void> {
  setPageStatus(page.blacklisted)
  if (page.blacklisted) {
    return
  }
  state = {
    page,
    painted: new Map(),
    unplaced: new Set(),
    lastColor: page.settings.recentColors[0] ?? page.settings.defaultHighlightColor,
    passes: 0,
    creates: 0,
    report: null,
  }
  const started = state
  startSidebarHost({
    settings: () => started.page.settings,
    unplaced: () => started.unplaced,
    showHighlight,
  })
  await paintPending(true)
  if (state === started && started.page.marks.length > 0) {
    // The toolbox's frame loads while the page is idle, not when the person first opens it.
    requestIdleCallback(() => prepareToolbox(), { timeout: 2_000 })
  }
}

/**
 * Starts the highlighter on this page. The listeners stay for the page's life, also on a
 * blacklisted site: a change of the settings (the site taken off the list) turns it on there.
 */
export async function startHighlighter(): Promise<void> {
  let page: GuestPage
  try {
    page = await callBackground('loadPage')
  } catch {
    return
  }
  if (page.bookmarkId !== undefined) {
    // Once per page load: the reloads after LIBRARY_CHANGED record nothing (ADR 079).
    void callBackground('recordPageOpened').catch(() => undefined)
  }
  listening = true
  document.addEventListener('mouseup', onSelectionEnd)
  document.addEventListener('keyup', (event) => {
    if (event.shiftKey || event.key === 'Shift') {
      onSelectionEnd(event)
    }
  })
  document.addEventListener('keydown', onKeyDown, true)
  void learnMenuKeys()
  document.addEventListener('click', onClick, true)
  chrome.runtime.onMessage.addListener((message: unknown, _sender, sendResponse) => {
    const channel = (message as { channel?: unknown } | null)?.channel
    if (channel === LIBRARY_CHANGED) {
      void reload()
    } else if (!state) {
      // Off on this site: no answer, as from a page without Inkmark.
      return
    } else if (isShortcutMessage(message)) {
      // Only the extension reaches this listener: a page's script cannot send it anything.
      runShortcut(message.command)
      sendResponse(true)
    } else if (channel === HIGHLIGHT_IMAGE) {
      const srcUrl = (message as { srcUrl?: unknown }).srcUrl
      void highlightImage(typeof srcUrl === 'string' ? srcUrl : '')
    } else if (upgradeNeededFeature(message)) {
      // The plan refuses what the menu asked (the background checked): say so, with the plans.
      showToast(UPGRADE_NEEDED_TEXT[upgradeNeededFeature(message)!], SEE_PLANS)
    } else if (isOpenSidebarMessage(message)) {
      openSidebar()
    } else if (channel === OFFER_PAGE_CONTENT) {
      // The popup saved this page.
      offerPageContent()
    } else if (isOpenReaderMessage(message)) {
      void openPageInReader()
    }
  })
  // A single-page app moved on: the new page's highlights replace the old page's, and the next
  // calls go to the new address (bridge.ts sends it); the new address may be blacklisted or not.
  watchPageAddress(() => {
    closeToolbox()
    followPageAddress()
    void reload()
  })
  watchDom(document.body, () => {
    if (state && state.unplaced.size > 0) {
      void paintPending(false)
    }
  })
  await startOnPage(page)
}
