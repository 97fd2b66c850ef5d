// /tutorials/browser/{browserType}/{articleName}: one article for one browser.
import type { PageMeta, PageProps } from '../../../app/route-types'
import { ArticleView } from '../ArticleView'
import '../learn.css'
import { tutorialData } from '../structured-data'
import { articleAddresses } from './addresses'
import { browserArticle } from './browser-articles'
import { tutorialBrowser } from './browsers'
import type { TutorialArticle } from './article-types'

function articleOf(props: PageProps) {
  const browser = tutorialBrowser(props.params.browserType)
  const article =
    browser === undefined
      ? undefined
      : browserArticle(browser, props.params.articleName, articleAddresses())
  if (browser === undefined || article === undefined) {
    // The route's isValid keeps unknown combinations out; reaching here is a bug.
    throw new Error(`Unknown tutorial: ${props.path}`)
  }
  return { browser, article }
}

export function meta(props: PageProps): PageMeta {
  const { browser, article } = articleOf(props)
  return {
    title: `${article.title} | Inkmark Tutorials`,
    description: article.description,
    breadcrumbs: [
      { label: 'Home', path: '/' },
      { label: 'Tutorials', path: '/tutorials' },
      { label: browser.name, path: `/tutorials/browser/${browser.id}` },
      { label: article.title },
    ],
    structuredData: [tutorialData(props.path, article.title, article.description, article.steps)],
  }
}

/** One browser tutorial. */
export default function BrowserArticlePage(props: PageProps) {
  const { article }: { article: TutorialArticle } = articleOf(props)
  return <ArticleView article={article} />
}
