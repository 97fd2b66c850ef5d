// One article in the reader: its title, byline and site, and its content. The content is the
// sanitized HTML from extractArticle (@inkmark/shared's DOMPurify allow-list): this is the one
// place the extension inserts HTML, and only that output ever reaches it.
import type { ReaderArticle, ReaderSettings } from '@inkmark/shared'

interface ArticleViewProps {
  article: ReaderArticle
  settings: ReaderSettings
}

/** The article, typeset by the reader settings. */
export function ArticleView({ article, settings }: ArticleViewProps) {
  const meta = [article.byline, article.siteName].filter((part): part is string => part !== null)
  return (
    <article
      className="reader-article"
      lang={article.lang ?? undefined}
      dir={article.dir ?? undefined}
      style={{
        fontSize: `${settings.fontSize}px`,
        lineHeight: settings.lineHeight,
        maxWidth: `${settings.layoutWidth}px`,
      }}
    >
      <header>
        <h1>{article.title}</h1>
        <p className="reader-meta">
          {meta.length > 0 ? `${meta.join(' · ')} · ` : ''}
          <a href={article.url} rel="noopener noreferrer">
            Original page
          </a>
        </p>
      </header>
      <div className="reader-content" dangerouslySetInnerHTML={{ __html: article.contentHtml }} />
    </article>
  )
}
