// The sticky player option: while on, the video's player stays at the top of the viewport as the
// page scrolls, so the transcript (further down or beside it) can be read while watching. Only
// inline styles the option set are touched, and they are put back as they were when it is off.

const PLAYER_SELECTORS = ['#player-container-outer', '#player', '[data-inkmark-player]']
const STICKY_ATTRIBUTE = 'data-inkmark-sticky'
/** YouTube's fixed top bar, which a sticky player must stay below. */
const MASTHEAD_SELECTOR = '#masthead-container'

let saved: { element: HTMLElement; position: string; top: string; zIndex: string } | undefined

function playerElement(): HTMLElement | null {
  for (const selector of PLAYER_SELECTORS) {
    const found = document.querySelector<HTMLElement>(selector)
    if (found) {
      return found
    }
  }
  return document.querySelector('video')?.parentElement ?? null
}

/** Turns the sticky player on or off. */
export function setStickyPlayer(enabled: boolean): void {
  if (saved && (!enabled || !saved.element.isConnected || saved.element !== playerElement())) {
    const { element, position, top, zIndex } = saved
    element.style.position = position
    element.style.top = top
    element.style.zIndex = zIndex
    element.removeAttribute(STICKY_ATTRIBUTE)
    saved = undefined
  }
  if (!enabled || saved) {
    return
  }
  const player = playerElement()
  if (!player) {
    return
  }
  saved = {
    element: player,
    position: player.style.position,
    top: player.style.top,
    zIndex: player.style.zIndex,
  }
  const masthead = document.querySelector(MASTHEAD_SELECTOR)?.getBoundingClientRect().height ?? 0
  player.style.position = 'sticky'
  player.style.top = `${Math.round(masthead)}px`
  player.style.zIndex = '1000'
  player.setAttribute(STICKY_ATTRIBUTE, '')
}
