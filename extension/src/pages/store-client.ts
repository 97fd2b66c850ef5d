// The extension pages' line to the library in the background: one typed call per store method.
// Errors do not cross contexts, so an error answer becomes an Error with the background's message.
import type { LocalStore, StoreCallArgs, StoreCallName } from '@inkmark/shared'
import { storeCallMessage } from '@inkmark/shared'
import { framePassIfFramed } from './frame-link'

/** What store method `M` resolves to. */
export type StoreResult<M extends StoreCallName> = Awaited<ReturnType<LocalStore[M]>>

type Answer = { ok: true; value: unknown } | { ok: false; error: string }

/** Calls store method `method` in the background. */
export async function callStore<M extends StoreCallName>(
  method: M,
  ...args: StoreCallArgs<M>
): Promise<StoreResult<M>> {
  // In the sidebar frame, the pass our content script handed it (frame-link.ts).
  const sidebarPass = await framePassIfFramed()
  const answer = await chrome.runtime.sendMessage<unknown, Answer | undefined>({
    ...storeCallMessage(method, ...args),
    sidebarPass,
  })
  if (!answer) {
    throw new Error('Inkmark is not ready. Please try again.')
  }
  if (!answer.ok) {
    throw new Error(answer.error)
  }
  return answer.value as StoreResult<M>
}
