// When each Vitest project's files ran in a whole `npm test`, relative to the run's start: the
// summary prints it, so that a slow CI run's log says which group or project took the time (a CI
// log keeps no timestamps of its own, and Vitest reports each file's duration, not when it ran).

/** The span of one project's files. */
interface ProjectSpan {
  firstStart: number
  lastEnd: number
  files: number
  /** The files' own durations added up (more than the span when files run side by side). */
  busyMs: number
}

/** Records when test files start and end, by project. */
export class RunTimeline {
  private readonly spans = new Map<string, ProjectSpan>()
  private readonly starts = new Map<string, number>()

  constructor(private readonly runStart: number) {}

  fileStarted(project: string, file: string, at: number): void {
    this.starts.set(`${project}\0${file}`, at)
  }

  fileEnded(project: string, file: string, at: number): void {
    const started = this.starts.get(`${project}\0${file}`) ?? at
    const span = this.spans.get(project) ?? {
      firstStart: started,
      lastEnd: at,
      files: 0,
      busyMs: 0,
    }
    this.spans.set(project, span)
    span.firstStart = Math.min(span.firstStart, started)
    span.lastEnd = Math.max(span.lastEnd, at)
    span.files += 1
    span.busyMs += at - started
  }

  /** One line per project, in the order they started: "e2e: +612 s to +3300 s, 83 files, 4440 s of files". */
  lines(): string[] {
    const seconds = (ms: number) => Math.round(ms / 1000)
    return [...this.spans.entries()]
      .sort(([, a], [, b]) => a.firstStart - b.firstStart)
      .map(
        ([project, span]) =>
          `${project}: +${seconds(span.firstStart - this.runStart)} s to +${seconds(span.lastEnd - this.runStart)} s, ` +
          `${span.files} file${span.files === 1 ? '' : 's'}, ${seconds(span.busyMs)} s of files`,
      )
  }
}
