// /user-interviews: interviews with people who use Inkmark, by profession, from the operator's
// content (or, outside production, the marked samples).
import { Link } from '../../../app/Link'
import type { PageMeta } from '../../../app/route-types'
import { loadInterviews, loadProfessions } from '../../../content/interviews'
import '../learn.css'
import { SampleBadge } from '../SampleBadge'
import { itemListData } from '../structured-data'
import { InterviewCard } from './InterviewCard'

export function meta(): PageMeta {
  return {
    title: 'User Interviews: How People Use Inkmark',
    description:
      'Interviews with people who use Inkmark to highlight, annotate and remember what they read, by profession.',
    breadcrumbs: [{ label: 'Home', path: '/' }, { label: 'User interviews' }],
    structuredData: [
      itemListData(
        'Inkmark user interviews',
        loadInterviews().map((interview) => ({
          name: interview.title,
          path: `/user-interview/${interview.id}`,
        })),
      ),
    ],
  }
}

/** The interviews index. */
export default function InterviewsPage() {
  const interviews = loadInterviews()
  const professions = loadProfessions()
  return (
    <div className="learn-page">
      <h1>User interviews</h1>
      <p className="learn-lead">How people who use Inkmark read, highlight and remember.</p>
      {interviews.length === 0 ? (
        <div className="ink-card learn-empty">
          <h2>No interviews published yet</h2>
          <p>
            We publish interviews with people who use Inkmark once they agree to share their story.
            None are here yet.
          </p>
        </div>
      ) : (
        <>
          <h2>By profession</h2>
          <ul className="learn-links">
            {professions.map((profession) => (
              <li key={profession.id}>
                <Link to={`/user-interviews/${profession.id}`}>{profession.name}</Link>
                {profession.isSample ? <SampleBadge /> : null}
              </li>
            ))}
          </ul>
          <h2>All interviews</h2>
          <ul className="learn-list">
            {interviews.map((interview) => (
              <InterviewCard key={interview.id} interview={interview} />
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
