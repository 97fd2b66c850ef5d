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
