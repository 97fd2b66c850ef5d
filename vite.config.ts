// Vitest projects for every workspace. `npm run test:unit` runs all but `e2e`; `npm run test:e2e`
// runs the end-to-end project after the extension is built.
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
        },
      },
    ],
    passWithNoTests: false,
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
