// The colour mode setting becomes <html data-theme>: light and dark force a theme, system leaves
// the attribute off so that the style sheet's prefers-color-scheme rule decides.
import { PreferredColorMode } from '@inkmark/shared'

/** The data-theme value for a colour mode, or null to let the system decide. */
export function themeAttributeOf(mode: PreferredColorMode | undefined): 'light' | 'dark' | null {
  if (mode === PreferredColorMode.LIGHT || mode === PreferredColorMode.DARK) {
    return mode
  }
  return null
}

/**
 * Where the theme last applied is remembered, so that the page starts in it before the library
 * (which holds the setting) is open: a person who chose dark sees no light first screen.
 */
export const THEME_STORAGE_KEY = 'inkmark-theme'

/** Sets <html data-theme> (null removes it) and remembers it for the next start. */
export function applyTheme(theme: 'light' | 'dark' | null): void {
  if (theme === null) {
    document.documentElement.removeAttribute('data-theme')
  } else {
    document.documentElement.setAttribute('data-theme', theme)
  }
  try {
    if (theme === null) {
      localStorage.removeItem(THEME_STORAGE_KEY)
    } else {
      localStorage.setItem(THEME_STORAGE_KEY, theme)
    }
  } catch {
    // Blocked storage: the next start follows the system until the library is open.
  }
}

/** Applies the theme remembered from the last visit, if any (at start, before the first render). */
export function applyRememberedTheme(): void {
  let remembered: string | null = null
  try {
    remembered = localStorage.getItem(THEME_STORAGE_KEY)
  } catch {
    return
  }
  if (remembered === 'light' || remembered === 'dark') {
    document.documentElement.setAttribute('data-theme', remembered)
  }
}
