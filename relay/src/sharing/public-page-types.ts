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
