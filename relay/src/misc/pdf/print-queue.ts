// At most `concurrency` jobs at once, the others waiting in order; past `queueLimit` waiting, a new
// job is refused at once (the caller answers 503) rather than wait without end.
export class QueueFullError extends Error {
  constructor() {
    super('Too many PDFs are being made right now')
    this.name = 'QueueFullError'
  }
}

export class PrintQueue {
  private running = 0
  private readonly waiting: (() => void)[] = []

  constructor(
    private readonly concurrency: number,
    private readonly queueLimit: number,
  ) {}

  /** Runs `job` when a slot is free; rejects with QueueFullError when too many wait. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queueLimit) {
        throw new QueueFullError()
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    } else {
      this.running += 1
    }
    try {
      return await job()
    } finally {
      const next = this.waiting.shift()
      if (next) {
        // The slot passes to the next job as it is.
        next()
      } else {
        this.running -= 1
      }
    }
  }
}
