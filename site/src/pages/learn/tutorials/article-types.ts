// The shape of a tutorial article: plain text only (rendered as React text), with ordered steps
// for HowTo structured data and links checked to be ours or a store's.

/** A link shown under an article's steps. */
export interface ArticleLink {
  readonly label: string
  readonly href: string
  /** Opens in a new tab (another site or the web app). */
  readonly isExternal: boolean
}

/** A titled part of an article. */
export interface ArticleSection {
  readonly heading: string
  readonly paragraphs: readonly string[]
}

/** One tutorial article. */
export interface TutorialArticle {
  /** The URL segment. */
  readonly slug: string
  readonly title: string
  readonly description: string
  /** Shown first, before the steps. */
  readonly notice?: string
  /** The ordered steps (HowTo); may be empty for an explanation. */
  readonly steps: readonly string[]
  readonly sections: readonly ArticleSection[]
  readonly links: readonly ArticleLink[]
}

/** The addresses articles link to (from siteConfig). */
export interface ArticleAddresses {
  readonly appUrl: string
  readonly storeUrls: { readonly chrome: string; readonly edge: string; readonly firefox: string }
}
