// What clients see when an instance dies: every REST device now goes through HAProxy, at the same
// open-loop rate, and a failed request is sent again every RETRY_MS until it is served (as a
// client's sync retries; the same batch, so a write that was stored before its answer was lost is
// simply stored again). A few seconds in, one instance is killed with SIGKILL. Measured: for each
// REST device that saw a failure, the time from the kill until it was served again; for each live
// device connected through HAProxy that lost its socket, the time from the kill until its room
// had synced again (the apps' own reconnect back-off); then the instance is started again, and
// the live devices pinned to its own address are timed until they are back. At the end every live
// device must hold every bookmark a REST answer said was stored: nothing acknowledged is lost.
import type { ClusterProcess } from './cluster-process'
import { nextBatch, type LiveDevice, type RestDevice, type SyncBatch } from './devices'
import { poissonArrivals, runArrivals } from './load'

/** How soon a REST device sends a failed request again. */
const RETRY_MS = 200
/** A request still failing this long after the last arrival is given up (never served again). */
const GIVE_UP_MS = 30_000
/** How long live devices get to come back, and to hold every stored bookmark, at the end. */
const LIVE_WAIT_MS = 30_000
const ERROR_SAMPLES = 5

export interface FailoverFigures {
  instance: number
  restDevices: number
  /** Requests sent after the kill (first tries). */
  sentAfterKill: number
  /** Tries that failed after the kill (answered or failed after it), retries included. */
  failedTries: number
  /** Tries that failed before the kill (should be none). */
  failedBeforeKill: number
  /** REST devices that saw at least one failure after the kill. */
  failedDevices: number
  /** For each of those, from the kill until the first success after its last failure. */
  restServedAgainMs: number[]
  restNeverServed: number
  /** From the kill to the last failed try. */
  lastFailureMs: number | undefined
  errorSamples: string[]
  liveViaProxy: number
  /** Of those, the ones whose socket was closed after the kill (they were on that instance). */
  liveDisconnected: number
  /** For each of those, from the kill until its room had synced again. */
  liveBackMs: number[]
  liveNeverBack: number
  /** Live devices pinned to the killed instance's own address. */
  pinned: number
  /** How long `start N` took (the instance starting until ready). */
  restartMs: number
  /** For each pinned device, from the restarted instance being ready until it had synced again. */
  pinnedBackMs: number[]
  pinnedNeverBack: number
  /** Bookmarks answered as stored, over every account, and those missing from a live device. */
  storedBookmarks: number
  missingInLiveDevices: number
  liveDevicesChecked: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until `done()` or `limitMs` passed. */
async function waitFor(done: () => boolean, limitMs: number): Promise<void> {
  const deadline = performance.now() + limitMs
  while (!done() && performance.now() < deadline) {
    await sleep(100)
  }
}

/** The first time in `times` after `after`. */
const firstAfter = (times: readonly number[], after: number) => times.find((time) => time > after)

export async function measureFailover(options: {
  cluster: ClusterProcess
  instance: number
  restDevices: readonly RestDevice[]
  liveDevices: readonly LiveDevice[]
  beforeSeconds: number
  afterSeconds: number
  secondsBetweenPosts: number
  seed: number
  log: (line: string) => void
}): Promise<FailoverFigures> {
  const { cluster, instance, restDevices, liveDevices, log } = options
  const proxy = new URL(cluster.url)
  for (const device of restDevices) {
    device.origin = proxy
    device.viaProxy = true
    device.watcher = undefined
  }
  const tries: { at: number; ok: boolean }[][] = restDevices.map(() => [])
  const errorSamples: string[] = []
  let killAt = Number.POSITIVE_INFINITY
  let sentAfterKill = 0
  const arrivals = poissonArrivals(
    restDevices.length,
    options.secondsBetweenPosts,
    options.beforeSeconds + options.afterSeconds,
    options.seed,
  )
  const lastArrival = arrivals.at(-1)?.at ?? 0
  const started = performance.now()
  const attempt = async (index: number, batch: SyncBatch) => {
    const device = restDevices[index]!
    if (performance.now() > killAt) {
      sentAfterKill += 1
    }
    for (;;) {
      const result = await device.post(batch)
      const at = performance.now()
      tries[index]!.push({ at, ok: result.error === undefined })
      if (result.error === undefined) {
        return
      }
      if (errorSamples.length < ERROR_SAMPLES) {
        errorSamples.push(`POST /sync: ${result.error}`)
      }
      if (at - started > lastArrival + GIVE_UP_MS) {
        return
      }
      await sleep(RETRY_MS)
    }
  }
  const kill = (async () => {
    await sleep(options.beforeSeconds * 1000)
    log(`cluster: failover: kill ${instance} (SIGKILL)`)
    killAt = performance.now()
    await cluster.command(`kill ${instance}`)
  })()
  // Awaited below, after the load; a failure must not go unhandled meanwhile.
  kill.catch(() => undefined)
  await runArrivals(arrivals, ({ device }) =>
    attempt(device, nextBatch(restDevices[device]!.account)),
  )
  await kill

  const viaProxy = liveDevices.filter((device) => device.viaProxy)
  const disconnected = viaProxy.filter(
    (device) => firstAfter(device.disconnects, killAt) !== undefined,
  )
  const backAt = (device: LiveDevice) =>
    firstAfter(device.syncs, firstAfter(device.disconnects, killAt) ?? Number.POSITIVE_INFINITY)
  await waitFor(() => disconnected.every((device) => backAt(device) !== undefined), LIVE_WAIT_MS)

  const pinned = liveDevices.filter((device) => device.instance === instance)
  log(`cluster: failover: start ${instance} again`)
  const startAt = performance.now()
  await cluster.command(`start ${instance}`)
  const readyAt = performance.now()
  await waitFor(() => pinned.every((device) => backAt(device) !== undefined), LIVE_WAIT_MS)

  const accounts = [...new Set(liveDevices.map((device) => device.account))]
  const missing = () =>
    liveDevices.reduce(
      (sum, device) => sum + [...device.account.stored].filter((id) => !device.has(id)).length,
      0,
    )
  await waitFor(() => missing() === 0, LIVE_WAIT_MS)

  const failuresAfterKill = tries.map((list) =>
    list.filter((entry) => !entry.ok && entry.at > killAt),
  )
  const restServedAgainMs: number[] = []
  let restNeverServed = 0
  for (const [index, failures] of failuresAfterKill.entries()) {
    const lastFailure = failures.at(-1)
    if (!lastFailure) {
      continue
    }
    const served = tries[index]!.find((entry) => entry.ok && entry.at > lastFailure.at)
    if (served) {
      restServedAgainMs.push(served.at - killAt)
    } else {
      restNeverServed += 1
    }
  }
  const lastFailure = Math.max(...failuresAfterKill.flat().map((entry) => entry.at))
  const liveBackMs = disconnected.flatMap((device) => {
    const at = backAt(device)
    return at === undefined ? [] : [at - killAt]
  })
  const pinnedBackMs = pinned.flatMap((device) => {
    const at = backAt(device)
    return at === undefined ? [] : [Math.max(0, at - readyAt)]
  })
  return {
    instance,
    restDevices: restDevices.length,
    sentAfterKill,
    failedTries: failuresAfterKill.reduce((sum, list) => sum + list.length, 0),
    failedBeforeKill: tries.flat().filter((entry) => !entry.ok && entry.at <= killAt).length,
    failedDevices: failuresAfterKill.filter((list) => list.length > 0).length,
    restServedAgainMs,
    restNeverServed,
    lastFailureMs: Number.isFinite(lastFailure) ? lastFailure - killAt : undefined,
    errorSamples,
    liveViaProxy: viaProxy.length,
    liveDisconnected: disconnected.length,
    liveBackMs,
    liveNeverBack: disconnected.length - liveBackMs.length,
    pinned: pinned.length,
    restartMs: readyAt - startAt,
    pinnedBackMs,
    pinnedNeverBack: pinned.length - pinnedBackMs.length,
    storedBookmarks: accounts.reduce((sum, account) => sum + account.stored.size, 0),
    missingInLiveDevices: missing(),
    liveDevicesChecked: liveDevices.length,
  }
}
