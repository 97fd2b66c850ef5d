// Firefox's Marionette, for the one thing WebDriver BiDi cannot do in Firefox ESR 140: key input
// that starts in the browser's own window. BiDi's input.performActions synthesizes keys inside the
// page's process, where the page gets a trusted keydown but the browser's key set (which holds the
// extensions' command keys, like Alt+S) never hears it. Marionette in its "chrome" context (allowed
// by -remote-allow-system-access) performs the same WebDriver actions in the parent process, on the
// browser window: the key goes the way of a person's, the key set first, then the page. The BiDi
// session is the one Marionette creates (webSocketUrl), as geckodriver does: Firefox runs only one.
import { connect, type Socket } from 'node:net'

export interface Marionette {
  /** Sends a Marionette command and resolves its result. */
  send<T = unknown>(command: string, params?: object): Promise<T>
  close(): void
}

/** Connects to Marionette on `port`, retrying while Firefox starts; `exited` says it has quit. */
export async function connectMarionette(port: number, exited: () => boolean): Promise<Marionette> {
  for (let attempt = 0; ; attempt++) {
    if (exited()) {
      throw new Error('Firefox exited before Marionette answered')
    }
    try {
      return await open(port)
    } catch (error) {
      if (attempt > 300) {
        throw error
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

function open(port: number): Promise<Marionette> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1')
    let buffer = Buffer.alloc(0)
    let greeted = false
    let nextId = 1
    const pending = new Map<
      number,
      { resolve: (value: never) => void; reject: (e: Error) => void }
    >()
    socket.once('error', reject)
    socket.on('data', (data: Buffer) => {
      buffer = Buffer.concat([buffer, data])
      for (;;) {
        const colon = buffer.indexOf(':')
        if (colon < 0) {
          return
        }
        const length = Number(buffer.subarray(0, colon).toString())
        if (buffer.length < colon + 1 + length) {
          return
        }
        const packet = JSON.parse(buffer.subarray(colon + 1, colon + 1 + length).toString()) as
          | [number, number, { error: string; message: string } | null, unknown]
          | { applicationType: string }
        buffer = buffer.subarray(colon + 1 + length)
        if (!Array.isArray(packet)) {
          if (!greeted) {
            greeted = true
            resolve(marionette)
          }
          continue
        }
        const [, id, error, result] = packet
        const waiting = pending.get(id)
        pending.delete(id)
        if (error) {
          waiting?.reject(new Error(`Marionette ${error.error}: ${error.message}`))
        } else {
          waiting?.resolve(result as never)
        }
      }
    })
    const marionette: Marionette = {
      send: <T>(command: string, params: object = {}) =>
        new Promise<T>((done, fail) => {
          const id = nextId++
          pending.set(id, { resolve: done, reject: fail })
          const body = JSON.stringify([0, id, command, params])
          socket.write(`${Buffer.byteLength(body)}:${body}`)
        }),
      close: () => socket.destroy(),
    }
  })
}
