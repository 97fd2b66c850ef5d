import { describe, expect, it } from 'vitest'
import { sidebarLayout } from './sidebar-host'

describe('where the sidebar opens and how far it pushes the page', () => {
  it('opens left, 400 px wide, pushing the page by its width (the defaults)', () => {
    expect(
      sidebarLayout({ sidebarWidth: 400, sidebarAlignment: 'left', sidebarBehavior: 'push' }, 1280),
    ).toEqual({ width: 400, alignment: 'left', shift: { left: 400, right: 0 } })
  })

  it('pushes from the right when aligned right, and not at all in overlay mode', () => {
    expect(
      sidebarLayout({ sidebarWidth: 500, sidebarAlignment: 'right', sidebarBehavior: 'push' }, 1280)
        .shift,
    ).toEqual({ left: 0, right: 500 })
    expect(
      sidebarLayout(
        { sidebarWidth: 500, sidebarAlignment: 'right', sidebarBehavior: 'overlay' },
        1280,
      ),
    ).toEqual({ width: 500, alignment: 'right', shift: { left: 0, right: 0 } })
  })

  it('clamps the width between 340 px and two thirds of the window', () => {
    const options = { sidebarAlignment: 'left', sidebarBehavior: 'push' } as const
    expect(sidebarLayout({ ...options, sidebarWidth: 5000 }, 1280).width).toBe(853)
    expect(sidebarLayout({ ...options, sidebarWidth: 100 }, 1280).width).toBe(340)
    expect(sidebarLayout({ ...options, sidebarWidth: 400 }, 450).width).toBe(340)
  })

  it('falls back to the left for an alignment it does not know', () => {
    const layout = sidebarLayout(
      {
        sidebarWidth: 400,
        sidebarAlignment: 'middle' as 'left',
        sidebarBehavior: 'push',
      },
      1280,
    )
    expect(layout.alignment).toBe('left')
    expect(layout.shift).toEqual({ left: 400, right: 0 })
  })
})
