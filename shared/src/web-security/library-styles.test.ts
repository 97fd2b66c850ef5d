import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { REACT_ARIA_PRESSABLE_STYLE } from './library-styles'
import { cspHash, webappStyleHashes } from './security-headers'

const USE_PRESS = fileURLToPath(
  new URL(
    '../../../node_modules/react-aria/dist/private/interactions/usePress.mjs',
    import.meta.url,
  ),
)

/** The style text usePress inserts, as the installed react-aria writes it. */
function installedPressableStyle(): string {
  const source = readFileSync(USE_PRESS, 'utf8')
  const template = /style\.textContent = `([\s\S]*?)`\.trim\(\)/.exec(source)?.[1]
  if (template === undefined) {
    throw new Error(`react-aria's usePress no longer sets a style's text the way ${USE_PRESS} did`)
  }
  return template.replace(/\$\{[^}]*PRESSABLE_ATTRIBUTE\}/, 'data-react-aria-pressable').trim()
}

describe("libraries' inline styles", () => {
  it("matches the style react-aria's usePress inserts, and the web app's CSP allows it", async () => {
    expect(REACT_ARIA_PRESSABLE_STYLE).toBe(installedPressableStyle())
    expect(await webappStyleHashes()).toContain(await cspHash(REACT_ARIA_PRESSABLE_STYLE))
  })
})
