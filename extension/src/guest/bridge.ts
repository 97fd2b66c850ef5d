// The content script's line to the background: one typed call per guest method. An error answer
// becomes an Error with the background's short message (shown to the person as it is).
import {
  guestCallMessage,
  type GuestCallArgs,
  type GuestCallName,
  type GuestResults,
} from '@inkmark/shared/guest'

type Answer = { ok: true; value: unknown } | { ok: false; error: string }

/** Calls `method` in the background for this page. */
export async function callBackground<M extends GuestCallName>(
  method: M,
  ...args: GuestCallArgs<M>
): Promise<GuestResults[M]> {
  // The page's address now: after history.pushState it is not the one the browser reports.
  const answer = await chrome.runtime.sendMessage<unknown, Answer | undefined>({
    ...guestCallMessage(method, ...args),
    pageUrl: location.href,
  })
  if (!answer) {
    throw new Error('Inkmark is not ready. Please try again.')
  }
  if (!answer.ok) {
    throw new Error(answer.error)
  }
  return answer.value as GuestResults[M]
}
