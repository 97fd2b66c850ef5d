// One tutorial article: a notice, the ordered steps, the sections and the links, all as text.
import { Link } from '../../app/Link'
import type { TutorialArticle } from './tutorials/article-types'

/** The body of a tutorial article under its own h1. */
export function ArticleView({ article }: { article: TutorialArticle }) {
  return (
    <article className="learn-page">
      <h1>{article.title}</h1>
      <p className="learn-lead">{article.description}</p>
      {article.notice === undefined ? null : (
        <p className="learn-notice" role="note">
          {article.notice}
        </p>
      )}
      {article.steps.length === 0 ? null : (
        <section aria-labelledby="article-steps">
          <h2 id="article-steps">Steps</h2>
          <ol className="learn-steps">
            {article.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      )}
      {article.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      {article.links.length === 0 ? null : (
        <ul className="learn-links" aria-label="Links">
          {article.links.map((link) =>
            link.isExternal ? (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ) : (
              <li key={link.href}>
                <Link to={link.href}>{link.label}</Link>
              </li>
            ),
          )}
        </ul>
      )}
    </article>
  )
}
