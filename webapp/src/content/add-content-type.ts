// The add-content dialog's tabs, addressable in the URL (`?dialog=add-content&contentType=url`)
// so that a link can open the right one; the spec's default type is text. The parameter is not
// called `type` because the dashboard's list already uses that name.

/** The tabs of add-content, in order. */
export const ADD_CONTENT_TYPES = ['text', 'url', 'pdf'] as const
export type AddContentType = (typeof ADD_CONTENT_TYPES)[number]

/** The tab opened when none is named (spec: default type text). */
export const DEFAULT_ADD_CONTENT_TYPE: AddContentType = 'text'

/** Whether `value` names a tab of add-content. */
export function isAddContentType(value: unknown): value is AddContentType {
  return typeof value === 'string' && (ADD_CONTENT_TYPES as readonly string[]).includes(value)
}
