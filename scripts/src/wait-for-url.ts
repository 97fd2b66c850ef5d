// Polls an address until it answers, so orchestration can say "ready" only when it is.

export interface WaitOptions {
  timeoutMs?: number
  intervalMs?: number
  /** Injected for tests; defaults to the global fetch. */
  fetchImpl?: (url: string) => Promise<{ ok: boolean; status: number }>
}

/** Resolves once `url` answers with a status below 500; rejects after the timeout. */
export async function waitForUrl(url: string, options: WaitOptions = {}): Promise<void> {
  const { timeoutMs = 60_000, intervalMs = 200, fetchImpl = fetch } = options
  const deadline = Date.now() + timeoutMs
  let lastProblem = 'no answer yet'
  while (Date.now() < deadline) {
    try {
      const response = await fetchImpl(url)
      if (response.status < 500) {
        return
      }
      lastProblem = `status ${response.status}`
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (${lastProblem})`)
}
