import { describe, expect, it } from 'vitest'
import { lineOf } from './summary-reporter'

describe('lineOf', () => {
  it('names the line of the test file in the error stack', () => {
    const error = {
      stacks: [
        { file: '/repo/node_modules/vitest/expect.js', line: 9 },
        { file: '/repo/tests/a.e2e.test.ts', line: 140 },
        { file: '/repo/tests/a.e2e.test.ts', line: 12 },
      ],
    }
    expect(lineOf(error, '/repo/tests/a.e2e.test.ts')).toBe(' (line 140)')
  })

  it('says nothing when the file is not in the stack or there is no stack', () => {
    expect(lineOf({ stacks: [{ file: '/elsewhere.ts', line: 1 }] }, '/repo/a.test.ts')).toBe('')
    expect(lineOf({}, '/repo/a.test.ts')).toBe('')
    expect(lineOf(undefined, '/repo/a.test.ts')).toBe('')
  })
})
