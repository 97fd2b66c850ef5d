// An interview in a list: its title (a link), who, and the summary.
import { Link } from '../../../app/Link'
import type { Interview } from '../../../content/interviews'
import { Avatar } from '../Avatar'
import { SampleBadge } from '../SampleBadge'

/** One interview in a list. */
export function InterviewCard({ interview }: { interview: Interview }) {
  return (
    <li className="ink-card">
      <h3>
        <Link to={`/user-interview/${interview.id}`}>{interview.title}</Link>
        {interview.isSample ? <SampleBadge /> : null}
      </h3>
      <p className="learn-person">
        <Avatar name={interview.interviewee.name} url={interview.interviewee.avatarURL} />
        <span>
          {interview.interviewee.name}, {interview.interviewee.role}
        </span>
      </p>
      <p>{interview.summary}</p>
    </li>
  )
}
