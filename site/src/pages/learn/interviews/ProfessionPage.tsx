// /user-interviews/{professionId}: the interviews of one profession.
import type { PageMeta, PageProps } from '../../../app/route-types'
import { loadInterviews, loadProfessions, type Profession } from '../../../content/interviews'
import '../learn.css'
import { SampleBadge } from '../SampleBadge'
import { itemListData } from '../structured-data'
import { InterviewCard } from './InterviewCard'

/** The profession with this id in this build, or undefined. */
export function professionById(id: string | undefined): Profession | undefined {
  return loadProfessions().find((profession) => profession.id === id)
}

function professionOf(props: PageProps): Profession {
  const profession = professionById(props.params.professionId)
  if (profession === undefined) {
    // The route's isValid keeps unknown professions out; reaching here is a bug.
    throw new Error(`Unknown profession: ${props.path}`)
  }
  return profession
}

function interviewsOf(profession: Profession) {
  return loadInterviews().filter((interview) => interview.professionId === profession.id)
}

export function meta(props: PageProps): PageMeta {
  const profession = professionOf(props)
  return {
    title: `User Interviews: ${profession.name} | Inkmark`,
    description: profession.description,
    breadcrumbs: [
      { label: 'Home', path: '/' },
      { label: 'User interviews', path: '/user-interviews' },
      { label: profession.name },
    ],
    structuredData: [
      itemListData(
        `Inkmark user interviews: ${profession.name}`,
        interviewsOf(profession).map((interview) => ({
          name: interview.title,
          path: `/user-interview/${interview.id}`,
        })),
      ),
    ],
  }
}

/** One profession's interviews. */
export default function ProfessionPage(props: PageProps) {
  const profession = professionOf(props)
  const interviews = interviewsOf(profession)
  return (
    <div className="learn-page">
      <h1>
        {profession.name}
        {profession.isSample ? <SampleBadge /> : null}
      </h1>
      <p className="learn-lead">{profession.description}</p>
      <h2>Interviews</h2>
      {interviews.length === 0 ? (
        <p className="ink-card learn-empty">No interviews in this group yet.</p>
      ) : (
        <ul className="learn-list">
          {interviews.map((interview) => (
            <InterviewCard key={interview.id} interview={interview} />
          ))}
        </ul>
      )}
    </div>
  )
}
