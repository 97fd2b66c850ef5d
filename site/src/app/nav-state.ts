// The top bar's state and the rules of where it shows what (spec section 2, "Top navigation
// bar"): which menu is open (one at a time), whether the small-screen menu is open, when the bar
// hides, when it takes the home background, when install buttons replace 'Open App'.

/** The bar's two menus. */
export type MenuId = 'platform' | 'resources'

export interface NavState {
  openMenu: MenuId | null
  mobileOpen: boolean
}

export const INITIAL_NAV_STATE: NavState = { openMenu: null, mobileOpen: false }

export type NavAction =
  | { type: 'open'; menu: MenuId }
  | { type: 'toggle'; menu: MenuId }
  /** Closes the open menu; with `menu`, only when that menu is the open one (a leave timer). */
  | { type: 'close'; menu?: MenuId }
  | { type: 'toggleMobile' }
  | { type: 'linkChosen' }
  | { type: 'navigated' }

export function navReducer(state: NavState, action: NavAction): NavState {
  switch (action.type) {
    case 'open':
      return state.openMenu === action.menu ? state : { ...state, openMenu: action.menu }
    case 'toggle':
      return { ...state, openMenu: state.openMenu === action.menu ? null : action.menu }
    case 'close':
      return state.openMenu === null ||
        (action.menu !== undefined && action.menu !== state.openMenu)
        ? state
        : { ...state, openMenu: null }
    case 'toggleMobile':
      return { openMenu: null, mobileOpen: !state.mobileOpen }
    case 'linkChosen':
    case 'navigated':
      return INITIAL_NAV_STATE
  }
}

/** How long a menu stays open after the pointer leaves it. */
export const MENU_CLOSE_DELAY_MS = 150

/** Under this width menus open on tap and the hamburger shows. */
export const SMALL_SCREEN_QUERY = '(max-width: 767.98px)'

/** The bar is hidden on every path starting with /partners. */
export function isNavHidden(path: string): boolean {
  return path.startsWith('/partners')
}

/** The home path has the light primary background; every other path a bottom border. */
export function isHomePath(path: string): boolean {
  return path === '/'
}

const INSTALL_PATH_WORDS = [
  'user-interview',
  'testimonials',
  'tools',
  'about',
  'tutorials',
  'discover',
  'faq',
  'release-notes',
]

/** On these paths browser install buttons replace the 'Open App' button. */
export function showsInstallButtons(path: string): boolean {
  return INSTALL_PATH_WORDS.some((word) => path.includes(word))
}
