import { describe, expect, it } from 'vitest'
import { waitForUrl } from './wait-for-url'

describe('waitForUrl', () => {
  it('resolves once the address answers below 500', async () => {
    const answers = [
      new Error('ECONNREFUSED'),
      { ok: false, status: 503 },
      { ok: true, status: 200 },
    ]
    let calls = 0
    await waitForUrl('http://127.0.0.1:1/health', {
      intervalMs: 1,
      fetchImpl: () => {
        const answer = answers[calls++]
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer!)
      },
    })
    expect(calls).toBe(3)
  })

  it('rejects with the last problem after the timeout', async () => {
    await expect(
      waitForUrl('http://127.0.0.1:1/health', {
        timeoutMs: 20,
        intervalMs: 5,
        fetchImpl: () => Promise.reject(new Error('ECONNREFUSED')),
      }),
    ).rejects.toThrow('http://127.0.0.1:1/health did not answer within 20 ms (ECONNREFUSED)')
  })
})
