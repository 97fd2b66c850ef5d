// The extension pages' line to the background's sharing calls (ADR 062): share the page, reset its
// link, stop sharing, and ask how it is shared. The background holds the account and the relay;
// a page only ever hears the answer.
import { sharingCallMessage } from '@inkmark/shared'
import type { SharingAnswer, SharingCallArgs, SharingCallName } from '@inkmark/shared'
import { framePassIfFramed } from './frame-link'

type Answer = { ok: true; value: unknown } | { ok: false; error: string }

/** Calls sharing method `method` in the background. */
export async function callSharing<M extends SharingCallName>(
  method: M,
  ...args: SharingCallArgs<M>
): Promise<SharingAnswer> {
  const answer = await chrome.runtime.sendMessage<unknown, Answer | undefined>({
    ...sharingCallMessage(method, ...args),
    sidebarPass: await framePassIfFramed(),
  })
  if (!answer) {
    throw new Error('Inkmark is not ready. Please try again.')
  }
  if (!answer.ok) {
    throw new Error(answer.error)
  }
  return answer.value as SharingAnswer
}
