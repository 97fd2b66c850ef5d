// Part (a) of the AI benchmark: the prompt of Ask your library (retrieval with the library's search
// index, de-duplication, the token budget, the numbered prompt) over the store benchmark's
// 50,000-mark library, as a ratio to the search dialog's own query (its two index.search calls)
// on the same index, with the same questions, in the same run.
import {
  buildAskLibraryPrompt,
  createLibrarySearch,
  questionTerms,
  retrieveLibraryPassages,
  type LibrarySearch,
  type PassageBookmark,
  type PassageMark,
} from '@inkmark/shared'
import { median, percentile } from '../stats'
import { createRandom, generateBookmark, generateMark } from '../store/generate'

export const ASK_SEED = 20_240_315
/** The search dialog's limits (webapp/src/lib/search-options.ts). */
const DIALOG_PAGE_LIMIT = 20
const DIALOG_HIT_LIMIT = 200
/** How questions start, so that their stop words are dropped as a person's would be. */
const OPENINGS = [
  'What did I read about',
  'What do my highlights say about',
  'How does',
  'Summarize my notes on',
  'Why is',
]

export interface AskLibraryFigures {
  bookmarks: number
  marks: number
  questions: number
  indexBuildMs: number
  /** Building the prompt, per question (the id lookups already built for these lists). */
  prompt: number[]
  /** The search dialog's query of the same words, per question. */
  dialog: number[]
  /** The same two, in CPU time of this process (the time it ran, not the time it waited). */
  promptCpu: number[]
  dialogCpu: number[]
  /** Passages per prompt and prompt tokens (estimated), for the record. */
  passages: number[]
  noneFound: number
}

/** Questions made of two or three words of random highlights, after a usual opening. */
function questionsOf(marks: readonly PassageMark[], count: number): string[] {
  const random = createRandom(ASK_SEED + 1)
  const questions: string[] = []
  while (questions.length < count) {
    const source = marks[Math.floor(random() * marks.length)]!.text ?? ''
    const words = source.replace(/[.,]/g, '').split(' ')
    const length = 2 + Math.floor(random() * 2)
    const start = Math.floor(random() * Math.max(1, words.length - length))
    const opening = OPENINGS[Math.floor(random() * OPENINGS.length)]!
    questions.push(`${opening} ${words.slice(start, start + length).join(' and ')}?`)
  }
  return questions
}

/** CPU time (user and system, ms) this process spent since `start`. */
function cpuMs(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000
}

function dialogQuery(search: LibrarySearch, query: string): number {
  return (
    search.search(query, { kinds: ['bookmark'], limit: DIALOG_PAGE_LIMIT }).length +
    search.search(query, { kinds: ['mark'], limit: DIALOG_HIT_LIMIT }).length
  )
}

/** Runs part (a). */
export function measureAskLibrary(
  size: { bookmarks: number; marks: number; questions: number },
  log: (line: string) => void,
): AskLibraryFigures {
  log(`generating ${size.bookmarks} bookmarks and ${size.marks} marks`)
  const bookmarks = Array.from(
    { length: size.bookmarks },
    (_, index) => generateBookmark(ASK_SEED, index) as unknown as PassageBookmark,
  )
  const marks = Array.from(
    { length: size.marks },
    (_, index) => generateMark(ASK_SEED, index, size.bookmarks) as unknown as PassageMark,
  )
  log('building the search index')
  const search = createLibrarySearch()
  const buildStart = performance.now()
  search.syncWith(bookmarks, marks)
  const indexBuildMs = performance.now() - buildStart

  const questions = questionsOf(marks, size.questions)
  // As the web app asks: the index in step with the library, the passages read from what it holds.
  const ask = (question: string) =>
    buildAskLibraryPrompt(question, retrieveLibraryPassages({ search, question }))
  // Warm up both paths.
  for (const question of questions.slice(0, 10)) {
    ask(question)
    dialogQuery(search, questionTerms(question).join(' '))
  }
  log(`timing ${questions.length} questions: the prompt, then the dialog's query, alternating`)
  const prompt: number[] = []
  const dialog: number[] = []
  const promptCpu: number[] = []
  const dialogCpu: number[] = []
  const passages: number[] = []
  let noneFound = 0
  questions.forEach((question, index) => {
    // What a person would type in the search dialog for the same question.
    const typed = questionTerms(question).join(' ')
    const timePrompt = () => {
      const cpu = process.cpuUsage()
      const start = performance.now()
      const built = ask(question)
      prompt.push(performance.now() - start)
      promptCpu.push(cpuMs(cpu))
      passages.push(built.passages.length)
      if (built.passages.length === 0) {
        noneFound += 1
      }
    }
    const timeDialog = () => {
      const cpu = process.cpuUsage()
      const start = performance.now()
      dialogQuery(search, typed)
      dialog.push(performance.now() - start)
      dialogCpu.push(cpuMs(cpu))
    }
    if (index % 2 === 0) {
      timePrompt()
      timeDialog()
    } else {
      timeDialog()
      timePrompt()
    }
  })
  return {
    bookmarks: size.bookmarks,
    marks: size.marks,
    questions: questions.length,
    indexBuildMs,
    prompt,
    dialog,
    promptCpu,
    dialogCpu,
    passages,
    noneFound,
  }
}

/** p95 of the prompt over p95 of the dialog's query. */
export function askRatio(figures: AskLibraryFigures): number {
  return percentile(figures.prompt, 95) / Math.max(1e-6, percentile(figures.dialog, 95))
}

/** Median passages per prompt. */
export function medianPassages(figures: AskLibraryFigures): number {
  return median(figures.passages)
}
