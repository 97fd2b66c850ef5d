// Highlight colours come from storage and go into inline styles. Only a hex colour is let through
// (rgb() and hsl() converted by the shared rule), so a stored value can never smuggle in another
// CSS value such as url(...).
import { DEFAULT_HIGHLIGHT_COLOR, toHexColor } from '@inkmark/shared'

/** The mark's colour as a hex colour, the default highlight colour when it is not one. */
export function displayColor(color: string | undefined): string {
  if (color === undefined) {
    return DEFAULT_HIGHLIGHT_COLOR
  }
  return toHexColor(color) ?? DEFAULT_HIGHLIGHT_COLOR
}
