// Applies the stored colour mode to <html data-theme> on every page, and again when the setting
// changes (here or from sync).
import { useEffect } from 'react'
import { useLibraryQuery } from '../library/LibraryProvider'
import { themeAttributeOf } from './color-mode'

/** Renders nothing; keeps <html data-theme> in step with the colour mode setting. */
export function ColorModeSync() {
  const mode = useLibraryQuery((store) => store.getChromeSettings().preferredColorMode, [])
  useEffect(() => {
    const theme = themeAttributeOf(mode)
    if (theme === null) {
      document.documentElement.removeAttribute('data-theme')
    } else {
      document.documentElement.setAttribute('data-theme', theme)
    }
  }, [mode])
  return null
}
