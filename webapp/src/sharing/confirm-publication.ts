// After a sync, the share dialog confirms with the relay that the public page is there (or gone):
// the relay updates its public projection on every write, so the first answer normally agrees; a
// few short retries cover a sync that was still pushing. The outcome names what the person sees.
import { SyncState, type SyncOutcome } from '@inkmark/shared'

/** How a publish (or unpublish) ended. */
export type PublishOutcome =
  'confirmed' | 'offline' | 'plan' | 'plan-gone' | 'signed-out' | 'not-confirmed' | 'failed'

/** What a sync's outcome means for publishing, or undefined when the relay should be asked. */
export function outcomeOfSync(outcome: SyncOutcome | undefined): PublishOutcome | undefined {
  if (outcome === undefined) {
    return 'signed-out'
  }
  switch (outcome.state) {
    case SyncState.ALL_SERVERS_OFFLINE:
    case SyncState.OFFLINE:
      return 'offline'
    case SyncState.PREMIUM_REQUIRED:
      return 'plan'
    case SyncState.SERVER_ERROR:
      return 'failed'
    default:
      return undefined
  }
}

/** Asks `isPublished` until it answers `expected` (at most `attempts` times, `wait` between). */
export async function confirmPublication(
  isPublished: () => Promise<boolean>,
  expected: boolean,
  options: { attempts?: number; wait?: () => Promise<void> } = {},
): Promise<PublishOutcome> {
  const attempts = options.attempts ?? 5
  const wait = options.wait ?? (() => new Promise<void>((done) => setTimeout(done, 500)))
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      if ((await isPublished()) === expected) {
        return 'confirmed'
      }
    } catch {
      return 'failed'
    }
    if (attempt < attempts) {
      await wait()
    }
  }
  return 'not-confirmed'
}

/** What the dialog says once publishing ended (sharing or stopping). */
export function outcomeText(outcome: PublishOutcome, sharing: boolean): string {
  return sharing ? sharingText(outcome) : stoppingText(outcome)
}

function sharingText(outcome: PublishOutcome): string {
  switch (outcome) {
    case 'confirmed':
      return 'Published: the page is live at its link.'
    case 'offline':
      return 'Saved on this device, but the relay cannot be reached: the page will be live once your changes sync.'
    case 'plan':
    case 'plan-gone':
      return 'Saved on this device, but your plan does not allow syncing or sharing.'
    case 'signed-out':
      return 'Saved on this device: sign in to publish it.'
    case 'not-confirmed':
      return 'Saved and synced, but the relay does not show the page yet. Try Save again in a moment.'
    case 'failed':
      return 'Saved on this device, but the relay refused the change. Try again later.'
  }
}

// Stopping is always written locally (the owner's choice wins); each text says whether the relay
// confirmed the public page is gone or that it will be once the change syncs.
function stoppingText(outcome: PublishOutcome): string {
  switch (outcome) {
    case 'confirmed':
      return 'Stopped sharing: the page is no longer public.'
    case 'plan-gone':
      return 'Stopped sharing: the relay confirms the page is not public. The change is saved on this device and syncs when your plan allows it.'
    case 'offline':
      return 'Stopped sharing on this device. The relay cannot be reached: the public page will be gone once your changes sync.'
    case 'plan':
      return 'Stopped sharing on this device. Your plan does not allow syncing: the public page will be gone once your changes sync.'
    case 'signed-out':
      return 'Stopped sharing on this device: the public page will be gone once you sign in and your changes sync.'
    case 'not-confirmed':
      return 'Saved and synced, but the relay still shows the page. Try Stop sharing again in a moment.'
    case 'failed':
      return 'Stopped sharing on this device, but the relay could not confirm it: the public page will be gone once your changes sync.'
  }
}
