import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const tokens = readFileSync(new URL('./tokens.css', import.meta.url), 'utf8')

/** The names every surface styles against: renaming one breaks the web app, extension and site. */
const CONTRACT = [
  '--ink-color-bg',
  '--ink-color-surface',
  '--ink-color-text',
  '--ink-color-text-muted',
  '--ink-color-border',
  '--ink-color-accent',
  '--ink-color-accent-text',
  '--ink-color-danger',
  '--ink-color-focus',
  '--ink-space-4',
  '--ink-radius-2',
  '--ink-shadow-2',
  '--ink-font-size-md',
  '--ink-duration-normal',
]

describe('design tokens', () => {
  it('define the contract names', () => {
    for (const name of CONTRACT) {
      expect(tokens).toContain(`${name}:`)
    }
  })

  it('give dark values for every colour both by the system and by data-theme', () => {
    const colours = [...new Set(tokens.match(/--ink-color-[a-z-]+(?=:)/g))]
    const dark = tokens.slice(tokens.indexOf(":root[data-theme='dark']"))
    const system = tokens.slice(tokens.indexOf('prefers-color-scheme: dark'))
    for (const name of colours) {
      expect(dark).toContain(`${name}:`)
      expect(system).toContain(`${name}:`)
    }
  })

  it('collapse motion under reduced motion', () => {
    expect(tokens).toMatch(/prefers-reduced-motion: reduce[\s\S]*--ink-duration-normal: 0ms/)
  })
})
