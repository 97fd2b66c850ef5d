// User interviews and the professions they are grouped by (/user-interviews,
// /user-interviews/{professionId}, /user-interview/{interviewId}): the operator's
// site/content/interviews.json and professions.json, or in non-production builds the marked samples.
import operatorInterviewsText from '../../content/interviews.json?raw'
import operatorProfessionsText from '../../content/professions.json?raw'
import sampleInterviewsText from '../../content/samples/interviews.json?raw'
import sampleProfessionsText from '../../content/samples/professions.json?raw'
import { assertAllSamples, chooseEntries } from './entries'
import { siteStage, type SiteStage } from './stage'
import {
  assertUniqueIds,
  ContentError,
  fieldOf,
  parseContentJson,
  readArray,
  readBoolean,
  readObject,
  readOptionalDate,
  readOptionalHttpUrl,
  readSlug,
  readText,
} from './validate'

/** A group of interviews (its id is the URL segment). */
export interface Profession {
  readonly id: string
  readonly name: string
  readonly description: string
  readonly isSample: boolean
}

/** The person interviewed. */
export interface Interviewee {
  readonly name: string
  readonly role: string
  readonly avatarURL: string | null
}

/** One question and its answer. */
export interface InterviewSection {
  readonly question: string
  readonly answer: string
}

/** One interview (its id is the URL segment). */
export interface Interview {
  readonly id: string
  readonly professionId: string
  readonly title: string
  readonly summary: string
  readonly interviewee: Interviewee
  /** 'YYYY-MM-DD' or null. */
  readonly publishedOn: string | null
  readonly sections: readonly InterviewSection[]
  readonly isSample: boolean
}

export const INTERVIEWS_FILE = 'site/content/interviews.json'
export const PROFESSIONS_FILE = 'site/content/professions.json'
export const SAMPLE_INTERVIEWS_FILE = 'site/content/samples/interviews.json'
export const SAMPLE_PROFESSIONS_FILE = 'site/content/samples/professions.json'

/** Checks a professions file; throws a ContentError naming the file and field. */
export function parseProfessions(json: unknown, file: string): readonly Profession[] {
  const root = { file, path: '' }
  const professions = readArray(json, root).map((item, index) => {
    const at = fieldOf(root, index)
    const entry = readObject(item, at)
    return {
      id: readSlug(entry.id, fieldOf(at, 'id')),
      name: readText(entry.name, fieldOf(at, 'name')),
      description: readText(entry.description, fieldOf(at, 'description')),
      isSample: readBoolean(entry.isSample, fieldOf(at, 'isSample')),
    }
  })
  assertUniqueIds(
    professions.map((profession) => profession.id),
    file,
    'id',
  )
  return professions
}

function parseSections(value: unknown, at: { file: string; path: string }) {
  const sections = readArray(value, at).map((item, index) => {
    const sectionAt = fieldOf(at, index)
    const section = readObject(item, sectionAt)
    return {
      question: readText(section.question, fieldOf(sectionAt, 'question')),
      answer: readText(section.answer, fieldOf(sectionAt, 'answer')),
    }
  })
  if (sections.length === 0) {
    throw new ContentError(`${at.file}: ${at.path} must have at least one question and answer`)
  }
  return sections
}

/** Checks an interviews file; throws a ContentError naming the file and field. */
export function parseInterviews(json: unknown, file: string): readonly Interview[] {
  const root = { file, path: '' }
  const interviews = readArray(json, root).map((item, index) => {
    const at = fieldOf(root, index)
    const entry = readObject(item, at)
    const personAt = fieldOf(at, 'interviewee')
    const person = readObject(entry.interviewee, personAt)
    return {
      id: readSlug(entry.id, fieldOf(at, 'id')),
      professionId: readSlug(entry.professionId, fieldOf(at, 'professionId')),
      title: readText(entry.title, fieldOf(at, 'title')),
      summary: readText(entry.summary, fieldOf(at, 'summary')),
      interviewee: {
        name: readText(person.name, fieldOf(personAt, 'name')),
        role: readText(person.role, fieldOf(personAt, 'role')),
        avatarURL: readOptionalHttpUrl(person.avatarURL, fieldOf(personAt, 'avatarURL')),
      },
      publishedOn: readOptionalDate(entry.publishedOn, fieldOf(at, 'publishedOn')),
      sections: parseSections(entry.sections, fieldOf(at, 'sections')),
      isSample: readBoolean(entry.isSample, fieldOf(at, 'isSample')),
    }
  })
  assertUniqueIds(
    interviews.map((interview) => interview.id),
    file,
    'id',
  )
  return interviews
}

/** Fails when an interview names a profession the professions file lacks. */
export function assertKnownProfessions(
  interviews: readonly Interview[],
  professions: readonly Profession[],
  file: string,
): void {
  const known = new Set(professions.map((profession) => profession.id))
  interviews.forEach((interview, index) => {
    if (!known.has(interview.professionId)) {
      throw new ContentError(
        `${file}: [${index}].professionId "${interview.professionId}" is not an id in the professions file`,
      )
    }
  })
}

const operatorProfessions = parseProfessions(
  parseContentJson(operatorProfessionsText, PROFESSIONS_FILE),
  PROFESSIONS_FILE,
)
const operatorInterviews = parseInterviews(
  parseContentJson(operatorInterviewsText, INTERVIEWS_FILE),
  INTERVIEWS_FILE,
)
assertKnownProfessions(operatorInterviews, operatorProfessions, INTERVIEWS_FILE)
const sampleProfessions = parseProfessions(
  parseContentJson(sampleProfessionsText, SAMPLE_PROFESSIONS_FILE),
  SAMPLE_PROFESSIONS_FILE,
)
const sampleInterviews = parseInterviews(
  parseContentJson(sampleInterviewsText, SAMPLE_INTERVIEWS_FILE),
  SAMPLE_INTERVIEWS_FILE,
)
assertKnownProfessions(sampleInterviews, sampleProfessions, SAMPLE_INTERVIEWS_FILE)
assertAllSamples(sampleProfessions, SAMPLE_PROFESSIONS_FILE)
assertAllSamples(sampleInterviews, SAMPLE_INTERVIEWS_FILE)

/** The operator's entries as written (for the production check). */
export function operatorInterviewEntries(): readonly (Interview | Profession)[] {
  return [...operatorProfessions, ...operatorInterviews]
}

/** The interviews to show in this build. */
export function loadInterviews(stage: SiteStage = siteStage()): readonly Interview[] {
  // Samples come as a set: sample interviews belong to sample professions.
  return operatorInterviews.length > 0 || stage === 'production'
    ? chooseEntries(operatorInterviews, sampleInterviews, stage)
    : sampleInterviews
}

/** The professions to show in this build. */
export function loadProfessions(stage: SiteStage = siteStage()): readonly Profession[] {
  return operatorInterviews.length > 0 || stage === 'production'
    ? chooseEntries(operatorProfessions, sampleProfessions, stage)
    : sampleProfessions
}
