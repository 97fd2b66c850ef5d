// Vitest projects for every workspace, plus the store's tests in real Chromium (`shared-browser`)
// and the end-to-end tests (`e2e`). `npm test` runs them all in one run: the unit projects first
// (group 0, two files at a time), then the store's browser tests and the sync tests (group 1, one
// file at a time), then the end-to-end tests and the sync property test (group 2, two files at a
// time, ADR 070); the browser and end-to-end projects need Chromium. In each group the longest
// files start first (scripts/src/slow-first-sequencer.ts).
import { playwright } from '@vitest/browser-playwright'
import { availableParallelism } from 'node:os'
import { configDefaults, defineConfig } from 'vitest/config'
import SlowFirstSequencer from './scripts/src/slow-first-sequencer'

/** The flags Debian's Chromium needs on these machines (no sandbox as root, no network chatter). */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Workers for the unit projects: Vitest's default (one less than the cores) leaves a 2-core CI
 * machine running one unit file at a time; node-only unit files may use both cores (ADR 045).
 */
const UNIT_WORKERS = Math.max(2, availableParallelism() - 1)

/**
 * End-to-end files at once: two, whatever the cores (ADR 070). An end-to-end file mostly waits
 * (on Chromium, a relay, a build), so two share 2 cores well; more Chromiums at once is where
 * flakes came from (ADR 045). What two files cannot share is locked (tests/src/cross-process-lock.ts).
 */
const E2E_WORKERS = 2

/**
 * A unit project. Its files share one module graph per worker (`isolate: false`): importing the
 * modules anew for every file was most of a unit run (the web app's 85 files: 68 s isolated, 18 s
 * shared). The relay's files start servers and stub modules, and fail when they share, so it keeps
 * one graph per file (`isolated`).
 */
const unitProject = (
  name: string,
  setupFiles: string[] = [],
  { isolated = false, moreIncludes = [] }: { isolated?: boolean; moreIncludes?: string[] } = {},
) => ({
  test: {
    name,
    root: `./${name}`,
    include: ['src/**/*.test.{ts,tsx}', '*.test.{ts,tsx}', ...moreIncludes],
    environment: 'node' as const,
    setupFiles,
    maxWorkers: UNIT_WORKERS,
    isolate: isolated,
    // A hang guard, not a timing check: beside the preflight's builds and checks a relay test that
    // takes 1 s alone took over 5 s (Vitest's default) on a 2-core machine.
    testTimeout: 30_000,
  },
})

/** The sync tests: real relay processes, each device's store on fake-indexeddb. */
const syncTests = {
  root: './tests',
  expect: { poll: { timeout: 15_000 } },
  setupFiles: ['./src/fake-indexeddb-setup.ts'],
  testTimeout: 120_000,
  hookTimeout: 60_000,
}
const SYNC_PROPERTY = 'sync/sync-property.test.ts'

export default defineConfig({
  test: {
    projects: [
      unitProject('shared', ['./src/testing/fake-indexeddb-setup.ts']),
      unitProject('design'),
      unitProject('relay', [], { isolated: true }),
      unitProject('webapp'),
      // The site's server and prerender scripts are Node code beside its src/ (ADR 071).
      unitProject('site', [], { moreIncludes: ['server/**/*.test.ts', 'scripts/**/*.test.ts'] }),
      unitProject('extension', ['./src/testing/fake-indexeddb-setup.ts']),
      unitProject('scripts'),
      {
        test: {
          name: 'shared-browser',
          root: './shared',
          include: ['src/store/**/*.test.ts'],
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              launchOptions: {
                executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
                args: CHROMIUM_FLAGS,
              },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        test: {
          ...syncTests,
          name: 'sync',
          include: ['sync/**/*.test.ts'],
          exclude: [...configDefaults.exclude, SYNC_PROPERTY],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The sync property test (a third of the sync and end-to-end tests' time, one file) runs
        // beside the end-to-end files, started first (ADR 070); the other sync files, the SIGKILL
        // timing ones among them, keep group 1 to themselves (ADR 063).
        test: {
          ...syncTests,
          name: 'sync-property',
          include: [SYNC_PROPERTY],
          // Its relay starts beside an end-to-end file's builds or Chromium: as e2e's hooks.
          hookTimeout: 180_000,
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 2 },
        },
      },
      {
        // The same property test against the relay cluster (PostgreSQL, three instances, HAProxy;
        // ADR 085): faults hit one instance at a time or the database.
        test: {
          ...syncTests,
          name: 'sync-property-cluster',
          include: [SYNC_PROPERTY],
          env: { SYNC_PROPERTY_TARGET: 'cluster' },
          testTimeout: 600_000,
          hookTimeout: 240_000,
          // One file; a group's projects must share maxWorkers.
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'e2e',
          root: './tests',
          // Under `npm test` the builds run beside the unit and sync tests: wait for them (ADR 084).
          setupFiles: ['./src/preflight-builds.ts'],
          // expect.poll waits for an effect: 1 s (the default) is too short on a loaded machine.
          expect: { poll: { timeout: 15_000 } },
          include: ['**/*.e2e.test.ts'],
          // A bound for a loaded 2-core CI machine, where a long test takes 3 to 4 times its quiet
          // time (an axe pass over a dozen views took 121 s there); each step waits for an effect.
          testTimeout: 240_000,
          hookTimeout: 180_000,
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 2 },
        },
      },
    ],
    passWithNoTests: false,
    sequence: { sequencer: SlowFirstSequencer },
    reporters: ['default', './scripts/src/summary-reporter.ts'],
    coverage: {
      provider: 'v8',
      include: ['shared/src/domain/**/*.ts', 'shared/src/store/**/*.ts'],
      exclude: ['**/*.test.ts', '**/index.ts', '**/testing/**'],
      reporter: ['text-summary', 'text'],
      thresholds: {
        'shared/src/domain/**': { lines: 95 },
      },
    },
  },
})
