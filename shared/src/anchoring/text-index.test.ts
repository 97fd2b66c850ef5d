// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { INKMARK_UI_ATTRIBUTE } from './own-elements'
import {
  createTextIndex,
  createTextIndexSteps,
  isIndexCurrent,
  offsetOfPoint,
  offsetsOfRange,
  pointAtOffset,
  rangeFromOffsets,
} from './text-index'
import { pageWithBody } from './test-support'

const BODY = [
  '<p id="a">Hello <b>bold</b> world</p><script>var x = 1</script><style>p{}</style>\n',
  '<noscript>no js</noscript><template><p>inert</p></template>',
  `<div ${INKMARK_UI_ATTRIBUTE}>toolbox</div><p id="b">Second</p>`,
].join('')

describe('the text index', () => {
  it('holds the page text in document order, without scripts, styles, templates or our UI', () => {
    const index = createTextIndex(pageWithBody(BODY).body)
    expect(index.text).toBe('Hello bold world\nSecond')
    expect(index.starts).toEqual([0, 6, 10, 16, 17])
  })

  it('maps offsets to DOM points and back', () => {
    const index = createTextIndex(pageWithBody(BODY).body)
    for (let offset = 0; offset <= index.text.length; offset += 1) {
      for (const affinity of ['forward', 'backward'] as const) {
        const point = pointAtOffset(index, offset, affinity)!
        expect(offsetOfPoint(index, point.node, point.offset)).toBe(offset)
      }
    }
    expect(pointAtOffset(index, 6, 'forward')!.node.data).toBe('bold')
    expect(pointAtOffset(index, 6, 'backward')!.node.data).toBe('Hello ')
    expect(pointAtOffset(index, -1, 'forward')).toBeNull()
    expect(pointAtOffset(index, index.text.length + 1, 'forward')).toBeNull()
  })

  it('maps element boundary points to the text that follows them', () => {
    const document = pageWithBody(BODY)
    const index = createTextIndex(document.body)
    const first = document.getElementById('a')!
    const second = document.getElementById('b')!
    expect(offsetOfPoint(index, first, 0)).toBe(0)
    expect(offsetOfPoint(index, first, 1)).toBe(6)
    expect(offsetOfPoint(index, first, first.childNodes.length)).toBe(16)
    expect(offsetOfPoint(index, second, 0)).toBe(17)
    expect(offsetOfPoint(index, document.body, document.body.childNodes.length)).toBe(23)
    // A point inside a script maps to the next page text.
    const script = document.querySelector('script')!.firstChild!
    expect(offsetOfPoint(index, script, 3)).toBe(16)
  })

  it('turns a triple-click style range into the offsets of its text', () => {
    const document = pageWithBody(BODY)
    const index = createTextIndex(document.body)
    const range = document.createRange()
    range.setStart(document.getElementById('a')!, 0)
    range.setEnd(document.getElementById('b')!, 0)
    expect(offsetsOfRange(index, range)).toEqual({ start: 0, end: 17 })
  })

  it('makes ranges whose text is the indexed text', () => {
    const index = createTextIndex(pageWithBody(BODY).body)
    expect(rangeFromOffsets(index, 3, 13)!.toString()).toBe('lo bold wo')
    expect(rangeFromOffsets(index, 6, 10)!.toString()).toBe('bold')
    expect(rangeFromOffsets(index, 0, 99)).toBeNull()
  })

  it('indexes an empty page', () => {
    const index = createTextIndex(pageWithBody('').body)
    expect(index.text).toBe('')
    expect(rangeFromOffsets(index, 0, 0)).toBeNull()
  })

  it('knows when the page changed under it', () => {
    const document = pageWithBody(BODY)
    const index = createTextIndex(document.body)
    expect(isIndexCurrent(index, 0, 16)).toBe(true)
    document.querySelector('b')!.firstChild!.textContent = 'BOLD!'
    expect(isIndexCurrent(index, 0, 16)).toBe(false)
    expect(isIndexCurrent(index, 17, 23)).toBe(true)
    document.getElementById('b')!.remove()
    expect(isIndexCurrent(index, 17, 23)).toBe(false)
  })

  it('indexes in steps that yield on a large page, with the same result as in one go', () => {
    const body = Array.from({ length: 2_000 }, (_, n) => `<p>Line <i>${n}</i> of text.</p>`)
    const document = pageWithBody(body.join('\n'))
    const steps = createTextIndexSteps(document.body)
    let yields = 0
    let step = steps.next()
    while (step.done !== true) {
      yields += 1
      step = steps.next()
    }
    const whole = createTextIndex(document.body)
    expect(yields).toBeGreaterThan(10)
    expect(step.value.text).toBe(whole.text)
    expect(step.value.starts).toEqual(whole.starts)
    expect(step.value.nodes).toEqual(whole.nodes)
    const last = whole.nodes.at(-1)!
    expect(offsetOfPoint(step.value, last, 1)).toBe(whole.starts.at(-1)! + 1)
  })
})

describe('line and block breaks', () => {
  it('records where a <br> or a block starts or ends, not inline elements', () => {
    const document = pageWithBody(
      '<p>one<br>two</p><div><p>three</p></div><span>four</span><b>five</b><li>six</li>',
    )
    const index = createTextIndex(document.body)
    expect(index.text).toBe('onetwothreefourfivesix')
    // 'one|two' (br), before 'three', after 'three', after 'four five' before 'six', the end.
    expect(index.breaks).toEqual([0, 3, 6, 11, 19, 22])
  })
})
