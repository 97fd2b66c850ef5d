import { describe, expect, it } from 'vitest'
import {
  INITIAL_NAV_STATE,
  isHomePath,
  isNavHidden,
  navReducer,
  showsInstallButtons,
  type NavState,
} from './nav-state'

describe('the top bar state', () => {
  it('opens one menu at a time and toggles it', () => {
    let state: NavState = navReducer(INITIAL_NAV_STATE, { type: 'open', menu: 'platform' })
    expect(state.openMenu).toBe('platform')
    state = navReducer(state, { type: 'toggle', menu: 'resources' })
    expect(state.openMenu).toBe('resources')
    state = navReducer(state, { type: 'toggle', menu: 'resources' })
    expect(state.openMenu).toBeNull()
  })

  it('closes menus on close, and everything on a chosen link or navigation', () => {
    const open: NavState = { openMenu: 'platform', mobileOpen: true }
    expect(navReducer(open, { type: 'close' })).toEqual({ openMenu: null, mobileOpen: true })
    expect(navReducer(open, { type: 'close', menu: 'platform' }).openMenu).toBeNull()
    // A leave timer of the menu the pointer left does not close the one it moved to.
    expect(navReducer(open, { type: 'close', menu: 'resources' })).toBe(open)
    expect(navReducer(open, { type: 'linkChosen' })).toEqual(INITIAL_NAV_STATE)
    expect(navReducer(open, { type: 'navigated' })).toEqual(INITIAL_NAV_STATE)
  })

  it('toggles the small-screen menu with its menus closed', () => {
    const state = navReducer({ openMenu: 'resources', mobileOpen: false }, { type: 'toggleMobile' })
    expect(state).toEqual({ openMenu: null, mobileOpen: true })
    expect(navReducer(state, { type: 'toggleMobile' }).mobileOpen).toBe(false)
  })
})

describe('where the bar shows what', () => {
  it('hides on /partners paths only', () => {
    expect(isNavHidden('/partners')).toBe(true)
    expect(isNavHidden('/partners/acme')).toBe(true)
    expect(isNavHidden('/about')).toBe(false)
  })

  it('has the home background on the home path only', () => {
    expect(isHomePath('/')).toBe(true)
    expect(isHomePath('/faq')).toBe(false)
  })

  it('shows install buttons on the listed paths, Open App elsewhere', () => {
    for (const path of [
      '/user-interviews',
      '/user-interview/abc',
      '/testimonials',
      '/tools/highlight-website',
      '/about',
      '/tutorials/browser',
      '/discover',
      '/faq',
      '/release-notes',
    ]) {
      expect(showsInstallButtons(path), path).toBe(true)
    }
    for (const path of ['/', '/pricing', '/extensions', '/legal/imprint']) {
      expect(showsInstallButtons(path), path).toBe(false)
    }
  })
})
