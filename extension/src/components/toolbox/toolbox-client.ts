// The toolbox frame's line to the library: the few guest calls a highlight's toolbox needs, run by
// the background for the page the frame sits on, with the tab's pass (ADR 033). It imports only
// the slim `@inkmark/shared/guest` door, so that the frame loads fast; errors do not cross
// contexts, so an error answer becomes an Error with the background's short message.
import { guestCallMessage, type GuestCallArgs, type GuestResults } from '@inkmark/shared/guest'
import { framePassIfFramed } from '../../pages/frame-link'
import { TOOLBOX_CALL_CHANNEL, type TOOLBOX_CALLS } from '../../pages/frame-protocol'

type ToolboxCall = (typeof TOOLBOX_CALLS)[number]
type Answer = { ok: true; value: unknown } | { ok: false; error: string }

/** Runs guest call `method` for the highlight's page at `pageUrl` (the content script names it). */
export async function callToolbox<M extends ToolboxCall>(
  pageUrl: string,
  method: M,
  ...args: GuestCallArgs<M>
): Promise<GuestResults[M]> {
  const sidebarPass = await framePassIfFramed()
  const answer = await chrome.runtime.sendMessage<unknown, Answer | undefined>({
    ...guestCallMessage(method, ...args),
    channel: TOOLBOX_CALL_CHANNEL,
    pageUrl,
    sidebarPass,
  })
  if (!answer) {
    throw new Error('Inkmark is not ready. Please try again.')
  }
  if (!answer.ok) {
    throw new Error(answer.error)
  }
  return answer.value as GuestResults[M]
}
