import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DARK_TOKENS, LIGHT_TOKENS, highlightColorRules } from './public-page-style'

const TOKENS_CSS = readFileSync(new URL('../../../design/src/tokens.css', import.meta.url), 'utf8')

/** The value of a token in a block of tokens.css. */
function tokenValue(block: string, name: string): string | undefined {
  return new RegExp(`${name}:\\s*([^;]+);`).exec(block)?.[1]?.trim()
}

describe('public page style', () => {
  it('uses the design system tokens, light and dark', () => {
    const light = TOKENS_CSS.slice(0, TOKENS_CSS.indexOf('@media (prefers-color-scheme: dark)'))
    const dark = TOKENS_CSS.slice(TOKENS_CSS.indexOf('@media (prefers-color-scheme: dark)'))
    for (const [name, value] of Object.entries(LIGHT_TOKENS)) {
      expect(tokenValue(light, name), name).toBe(value)
    }
    for (const [name, value] of Object.entries(DARK_TOKENS)) {
      expect(tokenValue(dark, name), name).toBe(value)
    }
  })

  it('refuses to style a colour that is not normalized hex', () => {
    expect(highlightColorRules(['#fdffb4', '#3cbefc80'])).toBe(
      '.hl-0{--hl:#fdffb4}\n.hl-1{--hl:#3cbefc80}',
    )
    expect(() => highlightColorRules(['red;}'])).toThrow()
  })
})
