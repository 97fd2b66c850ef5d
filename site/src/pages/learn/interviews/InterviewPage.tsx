// /user-interview/{interviewId}: one interview, question by question.
import { Link } from '../../../app/Link'
import type { PageMeta, PageProps } from '../../../app/route-types'
import { loadInterviews, loadProfessions, type Interview } from '../../../content/interviews'
import { Avatar } from '../Avatar'
import '../learn.css'
import { SampleBadge } from '../SampleBadge'
import { siteUrl } from '../structured-data'

/** The interview with this id in this build, or undefined. */
export function interviewById(id: string | undefined): Interview | undefined {
  return loadInterviews().find((interview) => interview.id === id)
}

function interviewOf(props: PageProps): Interview {
  const interview = interviewById(props.params.interviewId)
  if (interview === undefined) {
    // The route's isValid keeps unknown interviews out; reaching here is a bug.
    throw new Error(`Unknown interview: ${props.path}`)
  }
  return interview
}

export function meta(props: PageProps): PageMeta {
  const interview = interviewOf(props)
  const profession = loadProfessions().find((item) => item.id === interview.professionId)
  return {
    title: `${interview.title} | Inkmark User Interviews`,
    description: interview.summary,
    breadcrumbs: [
      { label: 'Home', path: '/' },
      { label: 'User interviews', path: '/user-interviews' },
      ...(profession === undefined
        ? []
        : [{ label: profession.name, path: `/user-interviews/${profession.id}` }]),
      { label: interview.title },
    ],
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: interview.title,
        description: interview.summary,
        url: siteUrl(props.path),
        ...(interview.publishedOn === null ? {} : { datePublished: interview.publishedOn }),
      },
    ],
  }
}

/** One interview. */
export default function InterviewPage(props: PageProps) {
  const interview = interviewOf(props)
  return (
    <article className="learn-page">
      <h1>
        {interview.title}
        {interview.isSample ? <SampleBadge /> : null}
      </h1>
      <p className="learn-person">
        <Avatar name={interview.interviewee.name} url={interview.interviewee.avatarURL} />
        <span>
          {interview.interviewee.name}, {interview.interviewee.role}
        </span>
      </p>
      {interview.publishedOn === null ? null : (
        <p className="learn-muted">
          Published <time dateTime={interview.publishedOn}>{interview.publishedOn}</time>
        </p>
      )}
      <p className="learn-lead">{interview.summary}</p>
      {interview.sections.map((section) => (
        <section key={section.question}>
          <h2>{section.question}</h2>
          <p>{section.answer}</p>
        </section>
      ))}
      <p>
        <Link to="/user-interviews">All user interviews</Link>
      </p>
    </article>
  )
}
