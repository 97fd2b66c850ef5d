// A WebSocket class (over `ws`) whose messages take a while in each direction, as on a slow or busy
// network: the sync property test gives the devices of its live runs some, so that a room's updates
// arrive after the next local operation as often as before it (on a quiet machine they nearly
// always arrived first, and whole orderings went untested). Order is kept per direction. What is
// still on its way when the socket closes is lost, as a dropped connection loses it: the REST sync
// must catch up on whatever the room did not carry.
import WebSocket from 'ws'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type MessageHandler = ((event: WebSocket.MessageEvent) => void) | null

/** A `ws` WebSocket class delaying each message by `latencyMs()` (called per message). */
export function laggyWebSocketClass(latencyMs: () => number): typeof WebSocket {
  class LaggyWebSocket extends WebSocket {
    private inbound: Promise<void> = Promise.resolve()
    private outbound: Promise<void> = Promise.resolve()
    private handler: MessageHandler = null

    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args)
      // `ws` keeps `onmessage` as an accessor on its prototype: this one delays what it hands on.
      const inherited = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage')!
      const delayed = (event: WebSocket.MessageEvent) => {
        const delay = latencyMs()
        this.inbound = this.inbound
          .then(() => sleep(delay))
          .then(() => {
            if (this.readyState === WebSocket.OPEN) {
              this.handler?.(event)
            }
          })
      }
      Object.defineProperty(this, 'onmessage', {
        configurable: true,
        get: () => this.handler,
        set: (handler: MessageHandler) => {
          this.handler = handler
          inherited.set!.call(this, handler === null ? null : delayed)
        },
      })
    }

    override send(data: Parameters<WebSocket['send']>[0], ...rest: unknown[]): void {
      const delay = latencyMs()
      this.outbound = this.outbound
        .then(() => sleep(delay))
        .then(() => {
          if (this.readyState === WebSocket.OPEN) {
            ;(super.send as (data: unknown, ...rest: unknown[]) => void)(data, ...rest)
          }
        })
    }
  }
  return LaggyWebSocket as unknown as typeof WebSocket
}
