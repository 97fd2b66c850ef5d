// /tutorials/pdf-web-highlighter/{articleName}: one PDF tutorial.
import type { PageMeta, PageProps } from '../../../app/route-types'
import { ArticleView } from '../ArticleView'
import '../learn.css'
import { tutorialData } from '../structured-data'
import { articleAddresses } from './addresses'
import { pdfArticle } from './pdf-articles'

function articleOf(props: PageProps) {
  const article = pdfArticle(props.params.articleName, articleAddresses())
  if (article === undefined) {
    // The route's isValid keeps unknown articles out; reaching here is a bug.
    throw new Error(`Unknown PDF tutorial: ${props.path}`)
  }
  return article
}

export function meta(props: PageProps): PageMeta {
  const article = articleOf(props)
  return {
    title: `${article.title} | Inkmark Tutorials`,
    description: article.description,
    breadcrumbs: [
      { label: 'Home', path: '/' },
      { label: 'Tutorials', path: '/tutorials' },
      { label: 'PDF highlighter', path: '/tutorials/pdf-web-highlighter' },
      { label: article.title },
    ],
    structuredData: [tutorialData(props.path, article.title, article.description, article.steps)],
  }
}

/** One PDF tutorial. */
export default function PdfArticlePage(props: PageProps) {
  return <ArticleView article={articleOf(props)} />
}
