// Applies the stored colour mode to <html data-theme> on every page, and again when the setting
// changes (here or from sync); main.tsx applies the last one before the library is open.
import { useEffect } from 'react'
import { useLibraryQuery } from '../library/LibraryProvider'
import { applyTheme, themeAttributeOf } from './color-mode'

/** Renders nothing; keeps <html data-theme> in step with the colour mode setting. */
export function ColorModeSync() {
  const mode = useLibraryQuery((store) => store.getChromeSettings().preferredColorMode, [])
  useEffect(() => applyTheme(themeAttributeOf(mode)), [mode])
  return null
}
