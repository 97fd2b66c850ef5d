// The daily learning reminder, run inside every relay: every interval it pages through the users
// who may get one (emails on, reminder on, email confirmed, a learning report), asks
// decideReminder, claims the user's local day in the database and only then sends, so several
// relays on one database send one email per user and day (docs/adr/043). A mail that fails for a
// passing reason (no answer within SEND_TIMEOUT_MS, a 4xx) gives its claim back for the next run, at
// most MAX_ATTEMPTS_PER_DAY times; a refused address (a 5xx answer) is not tried again that day.
// The clock is injected, so tests move time and call runOnce.
import type { MailTransport } from '../mail/mail-transport'
import type { RelayStorage } from '../storage/relay-storage'
import { decideReminder } from './reminder-decision'
import { reminderMail } from './reminder-mail'

/** How often the relay looks for reminders to send by default. */
export const DEFAULT_REMINDER_INTERVAL_MS = 60 * 1000
/** Candidates read per query. */
const PAGE_SIZE = 500
/** A mail server that has not answered by then is given up on for this run. */
export const SEND_TIMEOUT_MS = 30 * 1000
/** Sends tried for one user and local day (per relay) before the day is left alone. */
export const MAX_ATTEMPTS_PER_DAY = 3

/** Whether the mail server refused the mail for good (an SMTP 5xx answer). */
function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

function withTimeout<T>(work: Promise<T>, millis: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${millis} ms`)), millis)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

export interface ReminderSchedulerOptions {
  storage: RelayStorage
  mail: MailTransport
  now: () => number
  /** The web app (links in the email). */
  appUrl: string
  /** The relay as mail clients reach it (the List-Unsubscribe endpoint). */
  relayUrl: string
  /** The secret that signs unsubscribe links now (the current signing key's). */
  secret: () => Uint8Array
  intervalMillis: number
  onError?: (message: string, error: unknown) => void
}

export class ReminderScheduler {
  private timer: ReturnType<typeof setInterval> | undefined
  private running: Promise<number> = Promise.resolve(0)
  /** Passes asked for and not finished. */
  private passes = 0
  /** Failed sends per `userId day`, so a failing address is not tried every minute all evening. */
  private readonly failures = new Map<string, number>()

  constructor(private readonly options: ReminderSchedulerOptions) {}

  /** Runs every interval from now on (no-op when mail is off or the interval is 0). */
  start(): void {
    if (this.timer || this.options.mail.kind === 'off' || this.options.intervalMillis <= 0) {
      return
    }
    this.timer = setInterval(() => {
      // A pass longer than the interval (many users, a slow SMTP server) is not queued behind.
      if (this.passes > 0) {
        return
      }
      this.runOnce().catch((error: unknown) =>
        this.options.onError?.('the learning reminder run failed', error),
      )
    }, this.options.intervalMillis)
    this.timer.unref()
  }

  stop(): void {
    clearInterval(this.timer)
    this.timer = undefined
  }

  /** Resolves when the pass under way (if any) has finished. */
  async idle(): Promise<void> {
    await this.running.catch(() => undefined)
  }

  /** One pass after any pass under way; resolves with the number of reminders sent. */
  runOnce(): Promise<number> {
    this.passes += 1
    const next = this.running
      .catch(() => 0)
      .then(() => this.pass())
      .finally(() => {
        this.passes -= 1
      })
    this.running = next
    return next
  }

  private async pass(): Promise<number> {
    const { storage, now } = this.options
    let sent = 0
    let after = ''
    for (;;) {
      const candidates = await storage.listReminderCandidates(after, PAGE_SIZE)
      for (const candidate of candidates) {
        const time = now()
        const decision = decideReminder({
          settings: { emailSettings: 'ALL', isLearningReminderEmailEnabled: true },
          info: candidate.info,
          lastReminderDay: candidate.lastReminderDay,
          now: time,
        })
        if (
          decision.send &&
          (await this.sendClaimed(candidate.userId, candidate.email, decision))
        ) {
          sent += 1
        }
      }
      const last = candidates[candidates.length - 1]
      if (!last || candidates.length < PAGE_SIZE) {
        return sent
      }
      after = last.userId
    }
  }

  /** Claims the day, checks the settings again (they may have changed), sends; false if not sent. */
  private async sendClaimed(
    userId: string,
    email: string,
    decision: Extract<ReturnType<typeof decideReminder>, { send: true }>,
  ): Promise<boolean> {
    const { storage, mail, now } = this.options
    if (!(await storage.claimReminder(userId, decision.localDay, now()))) {
      return false
    }
    const settings = await storage.getEmailSettings(userId)
    if (settings.emailSettings !== 'ALL' || !settings.isLearningReminderEmailEnabled) {
      return false
    }
    const attempt = `${userId} ${decision.localDay}`
    try {
      await withTimeout(
        mail.send(
          reminderMail({
            to: email,
            userId,
            decision,
            appUrl: this.options.appUrl,
            relayUrl: this.options.relayUrl,
            secret: this.options.secret(),
          }),
        ),
        SEND_TIMEOUT_MS,
      )
      this.failures.delete(attempt)
      return true
    } catch (error) {
      const failures = (this.failures.get(attempt) ?? 0) + 1
      this.failures.set(attempt, failures)
      // The claim stays taken (no more tries today) for a refused address or after a few tries.
      if (!isPermanentFailure(error) && failures < MAX_ATTEMPTS_PER_DAY) {
        await storage.releaseReminder(userId, decision.localDay)
      } else {
        this.failures.delete(attempt)
      }
      this.options.onError?.(`the learning reminder to user ${userId} could not be sent`, error)
      return false
    }
  }
}
