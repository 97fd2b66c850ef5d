// Shows the person a highlight the sidebar pointed at: scrolls the page (and any scrolling box it
// sits in) until the highlight is in the middle of the window, then pulses its outline for a
// moment. With reduced motion the jump is instant and the outline simply shows, still, for the
// same moment: no animation, but still a visible sign of which highlight it was (ADR 036).

/** How long the highlight stays marked. */
export const FLASH_MS = 1_600
/** Set on the highlight's wrappers while it is marked (styles only; no library data). */
export const FLASH_ATTRIBUTE = 'data-inkmark-flash'

const timers = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>>()

function reducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
}

/** The longest a smooth scroll is waited for before the highlight is marked anyway. */
const SCROLL_WAIT_MS = 1_500

function isInView(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect()
  return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0
}

/**
 * Scrolls to the first of `wrappers` (one highlight's painted pieces) and, once there, marks them
 * all (a highlight already in view is marked at once).
 */
export function flashHighlight(wrappers: readonly HTMLElement[]): void {
  const first = wrappers[0]
  if (!first) {
    return
  }
  const still = reducedMotion()
  if (isInView(first)) {
    mark(wrappers, still)
    return
  }
  let done = false
  const arrived = () => {
    if (!done) {
      done = true
      document.removeEventListener('scrollend', arrived, true)
      mark(wrappers, still)
    }
  }
  // scrollend reaches the document from the window and, in capture, from any scrolling box.
  document.addEventListener('scrollend', arrived, true)
  setTimeout(arrived, still ? 0 : SCROLL_WAIT_MS)
  first.scrollIntoView({ block: 'center', inline: 'nearest', behavior: still ? 'auto' : 'smooth' })
}

function mark(wrappers: readonly HTMLElement[], still: boolean): void {
  for (const wrapper of wrappers) {
    clearTimeout(timers.get(wrapper))
    wrapper.setAttribute(FLASH_ATTRIBUTE, '')
    wrapper.style.outline = '3px solid currentColor'
    wrapper.style.outlineOffset = '2px'
    if (!still && typeof wrapper.animate === 'function') {
      wrapper.animate(
        [
          { outlineColor: 'currentColor', outlineOffset: '6px' },
          { outlineColor: 'currentColor', outlineOffset: '1px' },
          { outlineColor: 'transparent', outlineOffset: '2px' },
        ],
        { duration: FLASH_MS / 2, iterations: 2, easing: 'ease-out' },
      )
    }
    timers.set(
      wrapper,
      setTimeout(() => {
        wrapper.removeAttribute(FLASH_ATTRIBUTE)
        wrapper.style.outline = ''
        wrapper.style.outlineOffset = ''
      }, FLASH_MS),
    )
  }
}
