// Plasmo takes the bridge content script's `matches` literally from its source, so the list there
// is a copy: it must name exactly the origins the runtime checks accept.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LIBRARY_BRIDGE_ORIGINS, matchPatternOf } from '@inkmark/shared/library-bridge'

describe('the bridge content script', () => {
  it('is injected into exactly the configured web app origins', () => {
    const source = readFileSync(new URL('../contents/library-bridge.ts', import.meta.url), 'utf8')
    const block = /matches:\s*\[([^\]]*)\]/.exec(source)?.[1] ?? ''
    const matches = [...block.matchAll(/'([^']+)'/g)].map((found) => found[1])
    expect(matches).toEqual(LIBRARY_BRIDGE_ORIGINS.map(matchPatternOf))
  })
})
