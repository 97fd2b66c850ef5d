// The learn pages' routes (tutorials, tools, testimonials, user interviews, partners, explore and
// discover): one chunk per page, every valid parameter combination prerendered, anything else a 404
// through isValid. The site-core concatenates LEARN_ROUTES with the marketing routes.
import type { RouteParams, SiteRoute } from '../../app/route-types'
import { loadInterviews, loadProfessions } from '../../content/interviews'
import { loadPartners } from '../../content/partners'
import { articleAddresses } from './tutorials/addresses'
import { browserArticle, browserArticles } from './tutorials/browser-articles'
import { tutorialBrowser, TUTORIAL_BROWSERS } from './tutorials/browsers'
import { pdfArticle, pdfArticles } from './tutorials/pdf-articles'
import { toolBySlug, TOOLS } from './tools/tools'

function isKnownBrowser(params: RouteParams): boolean {
  return tutorialBrowser(params.browserType) !== undefined
}

function isKnownBrowserArticle(params: RouteParams): boolean {
  const browser = tutorialBrowser(params.browserType)
  return (
    browser !== undefined &&
    browserArticle(browser, params.articleName, articleAddresses()) !== undefined
  )
}

/** The learn pages' routes. */
export const LEARN_ROUTES: SiteRoute[] = [
  { pattern: '/tutorials', load: () => import('./tutorials/TutorialsIndexPage') },
  { pattern: '/tutorials/browser', load: () => import('./tutorials/BrowserListPage') },
  {
    pattern: '/tutorials/browser/:browserType',
    load: () => import('./tutorials/BrowserPage'),
    isValid: isKnownBrowser,
    prerenderPaths: () => TUTORIAL_BROWSERS.map((browser) => `/tutorials/browser/${browser.id}`),
  },
  {
    pattern: '/tutorials/browser/:browserType/:articleName',
    load: () => import('./tutorials/BrowserArticlePage'),
    isValid: isKnownBrowserArticle,
    prerenderPaths: () =>
      TUTORIAL_BROWSERS.flatMap((browser) =>
        browserArticles(browser, articleAddresses()).map(
          (article) => `/tutorials/browser/${browser.id}/${article.slug}`,
        ),
      ),
  },
  { pattern: '/tutorials/pdf-web-highlighter', load: () => import('./tutorials/PdfTutorialsPage') },
  {
    pattern: '/tutorials/pdf-web-highlighter/:articleName',
    load: () => import('./tutorials/PdfArticlePage'),
    isValid: (params) => pdfArticle(params.articleName, articleAddresses()) !== undefined,
    prerenderPaths: () =>
      pdfArticles(articleAddresses()).map(
        (article) => `/tutorials/pdf-web-highlighter/${article.slug}`,
      ),
  },
  { pattern: '/tools', load: () => import('./tools/ToolsIndexPage') },
  {
    pattern: '/tools/:toolName',
    load: () => import('./tools/ToolPage'),
    isValid: (params) => toolBySlug(params.toolName) !== undefined,
    prerenderPaths: () => TOOLS.map((tool) => `/tools/${tool.slug}`),
  },
  { pattern: '/testimonials', load: () => import('./reviews/TestimonialsPage') },
  { pattern: '/user-interviews', load: () => import('./interviews/InterviewsPage') },
  {
    pattern: '/user-interviews/:professionId',
    load: () => import('./interviews/ProfessionPage'),
    isValid: (params) => loadProfessions().some((item) => item.id === params.professionId),
    prerenderPaths: () => loadProfessions().map((item) => `/user-interviews/${item.id}`),
  },
  {
    pattern: '/user-interview/:interviewId',
    load: () => import('./interviews/InterviewPage'),
    isValid: (params) => loadInterviews().some((item) => item.id === params.interviewId),
    prerenderPaths: () => loadInterviews().map((item) => `/user-interview/${item.id}`),
  },
  { pattern: '/partners', load: () => import('./partners/PartnersPage') },
  {
    pattern: '/partners/:partnerName',
    load: () => import('./partners/PartnerPage'),
    isValid: (params) => loadPartners().some((item) => item.id === params.partnerName),
    prerenderPaths: () => loadPartners().map((item) => `/partners/${item.id}`),
  },
  { pattern: '/explore', load: () => import('./explore/ExplorePage') },
  { pattern: '/discover', load: () => import('./explore/DiscoverPage') },
]
