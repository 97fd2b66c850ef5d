// The toolbox frame's motion (spec section 4): it slides in when shown, and once closed it slides
// out over TOOLBOX_SLIDE_OUT_MS (400 ms) before it is hidden; with prefers-reduced-motion it shows
// and hides at once (ADR 078). The frame element carries its state in `data-inkmark-motion`, so
// that tests check states, not times. The Web Animations API runs the slides; a timer backs the
// slide out, since a tab in the background may not run animations and the frame must still hide.
import { TOOLBOX_SLIDE_IN_MS, TOOLBOX_SLIDE_OUT_MS } from '@inkmark/shared/guest'

/** The frame element's attribute that says where its motion is. */
export const MOTION_ATTRIBUTE = 'data-inkmark-motion'

export const ToolboxMotion = {
  HIDDEN: 'hidden',
  SLIDING_IN: 'sliding-in',
  SHOWN: 'shown',
  SLIDING_OUT: 'sliding-out',
} as const
export type ToolboxMotion = (typeof ToolboxMotion)[keyof typeof ToolboxMotion]

/** From where the toolbox slides in (and to where it slides out). */
const SLIDE_FRAMES: Keyframe[] = [
  { opacity: 0, transform: 'translateY(-8px)' },
  { opacity: 1, transform: 'none' },
]

/** How long past the slide out its timer waits for the animation to say it finished. */
const SLIDE_OUT_GRACE_MS = 100

let running: Animation | undefined
/** Bumped by every slide, so that the end of a slide another one replaced does nothing. */
let slides = 0

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
}

function setMotion(owner: HTMLElement, motion: ToolboxMotion): void {
  owner.setAttribute(MOTION_ATTRIBUTE, motion)
}

function stopRunning(): void {
  const animation = running
  running = undefined
  animation?.cancel()
}

/** Slides the (now visible) toolbox frame in; at once with reduced motion. */
export function slideIn(owner: HTMLElement): void {
  const slide = ++slides
  stopRunning()
  if (prefersReducedMotion() || typeof owner.animate !== 'function') {
    setMotion(owner, ToolboxMotion.SHOWN)
    return
  }
  setMotion(owner, ToolboxMotion.SLIDING_IN)
  const animation = owner.animate(SLIDE_FRAMES, {
    duration: TOOLBOX_SLIDE_IN_MS,
    easing: 'ease-out',
  })
  running = animation
  animation.finished.then(
    () => {
      if (slide === slides) {
        running = undefined
        setMotion(owner, ToolboxMotion.SHOWN)
      }
    },
    // Cancelled by the next slide.
    () => undefined,
  )
}

/**
 * Slides the toolbox frame out, then runs `hide`; at once with reduced motion, or when it was not
 * shown. A slide in before the end keeps it shown (`hide` is not run).
 */
export function slideOut(owner: HTMLElement, hide: () => void): void {
  const slide = ++slides
  const wasShown = owner.getAttribute(MOTION_ATTRIBUTE) !== ToolboxMotion.HIDDEN
  stopRunning()
  const finish = () => {
    if (slide !== slides) {
      return
    }
    slides++
    hide()
    setMotion(owner, ToolboxMotion.HIDDEN)
    // After `hide`: the last frame (transparent) holds until the frame is hidden.
    stopRunning()
  }
  if (!wasShown || prefersReducedMotion() || typeof owner.animate !== 'function') {
    finish()
    return
  }
  setMotion(owner, ToolboxMotion.SLIDING_OUT)
  const animation = owner.animate([...SLIDE_FRAMES].reverse(), {
    duration: TOOLBOX_SLIDE_OUT_MS,
    easing: 'ease-in',
    fill: 'forwards',
  })
  running = animation
  animation.finished.then(finish, () => undefined)
  setTimeout(finish, TOOLBOX_SLIDE_OUT_MS + SLIDE_OUT_GRACE_MS)
}
