import { describe, expect, it } from 'vitest'
import { createUpdateChecker } from './update-check'

type Answer = { status: number; body?: unknown } | Error

/** A fetch that answers from a table of paths and records what was asked. */
function fakeFetch(answers: Record<string, Answer>) {
  const asked: string[] = []
  const fetch = (url: string) => {
    const path = new URL(url).pathname
    asked.push(path)
    const answer = answers[path] ?? { status: 404 }
    if (answer instanceof Error) {
      return Promise.reject(answer)
    }
    return Promise.resolve({
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      json: () => Promise.resolve(answer.body),
    })
  }
  return { fetch, asked }
}

const marker = (buildId: string) => ({
  status: 200,
  body: { buildId, builtAt: '2026-11-26T20:00:00Z' },
})

describe('update detection', () => {
  it("checks its own build's meta once, then latest.json; the same build is current", async () => {
    const { fetch, asked } = fakeFetch({
      '/builds/meta/b1.json': marker('b1'),
      '/builds/latest.json': marker('b1'),
    })
    const checker = createUpdateChecker({ buildId: 'b1', baseUrl: 'https://s.example', fetch })
    await checker.check()
    await checker.check()
    expect(checker.isOutdated()).toBe(false)
    expect(asked).toEqual(['/builds/meta/b1.json', '/builds/latest.json', '/builds/latest.json'])
  })

  it('is outdated once latest.json names another build', async () => {
    const answers: Record<string, Answer> = {
      '/builds/meta/b1.json': marker('b1'),
      '/builds/latest.json': marker('b1'),
    }
    const { fetch } = fakeFetch(answers)
    const checker = createUpdateChecker({ buildId: 'b1', baseUrl: 'https://s.example', fetch })
    await checker.check()
    expect(checker.isOutdated()).toBe(false)
    answers['/builds/latest.json'] = marker('b2')
    await checker.check()
    expect(checker.isOutdated()).toBe(true)
  })

  it("is outdated when its own build's meta is gone", async () => {
    const { fetch } = fakeFetch({ '/builds/latest.json': marker('b1') })
    const checker = createUpdateChecker({ buildId: 'b1', baseUrl: 'https://s.example', fetch })
    await checker.check()
    expect(checker.isOutdated()).toBe(true)
  })

  it('ignores network failures, server errors and malformed markers', async () => {
    for (const latest of [
      new Error('offline'),
      { status: 500 },
      { status: 200, body: { id: 'x' } },
    ]) {
      const { fetch } = fakeFetch({
        '/builds/meta/b1.json': marker('b1'),
        '/builds/latest.json': latest,
      })
      const checker = createUpdateChecker({ buildId: 'b1', baseUrl: 'https://s.example', fetch })
      await checker.check()
      expect(checker.isOutdated()).toBe(false)
    }
  })
})
