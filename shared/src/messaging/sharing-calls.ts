// The extension's sharing contract (ADR 062): its own pages (popup, sidebar) ask the background to
// share a page, reset its link or stop sharing it, and to say how the page is shared now. Sharing
// needs the account and the relay, which only the background holds; the page never sees a token.
// The background checks the sender, then validates the message here before it reads the library.
import { z } from 'zod'
import { EntityIdSchema } from '../domain/entities/common'
import { PermissionSchema, type Permission } from '../domain/entities/permission'

export const SHARING_CHANNEL = 'inkmark:sharing'

const id = EntityIdSchema.max(256)

/** What a page's owner chose in the share control (the domain's SharingChoice). */
export const SharingChoiceSchema = z.strictObject({
  permission: PermissionSchema,
  shownMarkIds: z.array(id).max(10_000),
  noteShownMarkIds: z.array(id).max(10_000),
})

/** Every sharing method, with the schema of its argument list. */
export const SHARING_CALLS = {
  /** How a bookmark is shared now, and whether this account may share. */
  getSharing: z.tuple([id]),
  /** Writes the choice, syncs, and confirms the public page (or its absence) at the relay. */
  share: z.tuple([id, SharingChoiceSchema]),
  /** A new share id: the old link stops working. */
  resetLink: z.tuple([id]),
} as const

export type SharingCallName = keyof typeof SHARING_CALLS

export const SharingCallMessageSchema = z.object({
  channel: z.literal(SHARING_CHANNEL),
  method: z.enum(Object.keys(SHARING_CALLS) as [SharingCallName, ...SharingCallName[]]),
  args: z.array(z.unknown()).max(2),
})

/** The arguments of `method` as a caller passes them. */
export type SharingCallArgs<M extends SharingCallName> = z.input<(typeof SHARING_CALLS)[M]>

/** A validated sharing call. */
export type SharingCall = {
  [M in SharingCallName]: { method: M; args: z.output<(typeof SHARING_CALLS)[M]> }
}[SharingCallName]

/** The message for calling `method` with `args`. */
export function sharingCallMessage<M extends SharingCallName>(
  method: M,
  ...args: SharingCallArgs<M>
): { channel: typeof SHARING_CHANNEL; method: M; args: unknown[] } {
  return { channel: SHARING_CHANNEL, method, args: [...(args as unknown[])] }
}

/** Validates a sharing message; undefined when it is not one. */
export function parseSharingCall(message: unknown): SharingCall | undefined {
  const parsed = SharingCallMessageSchema.safeParse(message)
  if (!parsed.success) {
    return undefined
  }
  const { method, args } = parsed.data
  const checked = SHARING_CALLS[method].safeParse(args)
  return checked.success ? ({ method, args: checked.data } as SharingCall) : undefined
}

/**
 * Every sharing answer. `signed-out` and `upgrade-needed` come before anything is written;
 * `sharing` is the bookmark's state after the call: its permission, its link when it has a share
 * id, and `live`, whether the relay's public read answered as the permission says (a shared page
 * found, an unshared one gone), with `pending` saying why not (offline, sync waiting).
 */
export type SharingAnswer =
  | { kind: 'signed-out' }
  | { kind: 'upgrade-needed' }
  | {
      kind: 'sharing'
      permission: Permission
      link?: string
      /** Checked at the relay just now (absent when the call did not ask the relay). */
      live?: boolean
      pending?: string
    }
