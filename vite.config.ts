// Vitest projects for every workspace plus `e2e`. `npm test` runs them all in one run: the unit
// projects first (group 0), then the end-to-end project (group 1) against the built extension.
import { defineConfig } from 'vitest/config'

const unitProject = (name: string, environment: 'node' | 'jsdom' = 'node') => ({
  test: {
    name,
    root: `./${name}`,
    include: ['src/**/*.test.{ts,tsx}', '*.test.{ts,tsx}'],
    environment,
  },
})

export default defineConfig({
  test: {
    projects: [
      unitProject('shared'),
      unitProject('relay'),
      unitProject('webapp'),
      unitProject('site'),
      unitProject('extension'),
      unitProject('scripts'),
      {
        test: {
          name: 'e2e',
          root: './tests',
          include: ['**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
    passWithNoTests: false,
    reporters: ['default', './scripts/src/summary-reporter.ts'],
    coverage: {
      provider: 'v8',
      include: ['shared/src/domain/**/*.ts'],
      exclude: ['**/*.test.ts', '**/index.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: {
        'shared/src/domain/**': { lines: 95 },
      },
    },
  },
})
