// Saved page contents: the metadata lives in the library doc, the HTML body in a doc of its own
// (body-docs.ts), read only when a page is opened. Also the bytes they use, for the plan's quota.
import type { PageContent } from '../domain/entities/page-content'
import { normalizePageUrl } from '../domain/page-url'
import { pageContentSizeUsed } from '../domain/storage-quota'
import type { StoreCore } from './store-core'

/** The page content reads of the local store. */
export class PageContentRepository {
  constructor(private readonly core: StoreCore) {}

  /** Page content metadata, without the HTML bodies. */
  all(): PageContent[] {
    return this.core.cache.get('pagecontents', () => this.core.pageContents.live())
  }

  /** Bytes of saved page content, the sum of content lengths (read from metadata, no bodies). */
  sizeUsedInBytes(): number {
    return pageContentSizeUsed(this.all())
  }

  /** The saved page content of `url`, with its HTML body. */
  async forUrl(url: string): Promise<PageContent | undefined> {
    const metadata = this.core.indexes.pageContentsOfUrlKey(normalizePageUrl(url))[0]
    if (!metadata) {
      return undefined
    }
    const content = await this.core.bodies.readPageContent(metadata._id)
    return content === undefined ? metadata : { ...metadata, content }
  }

  /** Live page contents whose page has no live bookmark any more. */
  unreachable(): PageContent[] {
    return this.all().filter(
      (content) => this.core.indexes.bookmarksOfUrlKey(normalizePageUrl(content.url)).length === 0,
    )
  }
}
