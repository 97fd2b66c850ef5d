import { describe, expect, it } from 'vitest'
import { ownWrites } from './own-writes'

describe("a page's own storage writes", () => {
  it('takes the late events of quick writes for echoes, in order', () => {
    const own = ownWrites()
    own.record({ size: 21, width: 700 })
    own.record({ size: 22, width: 700 })
    own.record({ size: 23, width: 700 })
    // Events carry only the keys that changed.
    expect(own.isEcho({ size: 21 })).toBe(true)
    expect(own.isEcho({ size: 22 })).toBe(true)
    expect(own.isEcho({ size: 23 })).toBe(true)
    expect(own.isEcho({ size: 23 })).toBe(false)
  })

  it('skips writes that changed nothing (they have no event)', () => {
    const own = ownWrites()
    own.record({ size: 21 })
    own.record({ size: 21 })
    own.record({ size: 22 })
    expect(own.isEcho({ size: 22 })).toBe(true)
    expect(own.isEcho({ size: 21 })).toBe(false)
  })

  it("applies another page's change", () => {
    const own = ownWrites()
    own.record({ size: 21, mode: 'auto' })
    expect(own.isEcho({ mode: 'sepia' })).toBe(false)
    expect(own.isEcho({ size: 21 })).toBe(true)
  })
})
