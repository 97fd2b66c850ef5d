// Local copy of the SHARING contract's public page shape until @inkmark/shared exports it
// (replaced by the shared types when the relay-API branch is merged).
export interface PublicMark {
  _id: string
  text: string
  color: string
  note?: string
  createdAt: number
}

export interface PublicPage {
  shareId: string
  permission: 'PUBLIC' | 'PUBLIC_LINK'
  url: string
  title: string
  description?: string
  image?: string
  origin: string
  tags: string[]
  likes: number
  likedByMe?: boolean
  sharedAt: number
  updatedAt: number
  marks: PublicMark[]
}

/** A share id: 22 base64url characters (128 random bits). */
export function isShareId(value: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(value)
}

/** `${base}/explore/${shareId}`: the address of a shared page. */
export function publicPageUrl(base: string, shareId: string): string {
  return `${base.replace(/\/$/, '')}/explore/${shareId}`
}
