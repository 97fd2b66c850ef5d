// Proves that the architecture's import boundaries are enforced by the lint config itself, not by
// habit: each forbidden import below must be reported, each allowed one must pass.
import { execFileSync } from 'node:child_process'
import { ESLint } from 'eslint'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

/** The deepest folder eslint.config.mjs writes boundary configs for (its MAX_DEPTH). */
const MAX_BOUNDARY_DEPTH = 8

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: [tseslint.configs.disableTypeChecked],
})

async function restrictedImportsIn(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, file) })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message)
}

describe('import boundaries', () => {
  it.each([
    ['shared/src/domain/x.ts', "import * as Y from 'yjs'\nexport const a = Y"],
    ['shared/src/domain/x.ts', "import { a } from '../store/library'\nexport const b = a"],
    ['shared/src/store/x.ts', "import { a } from '../../../webapp/src/main'\nexport const b = a"],
    ['shared/src/x.ts', "import { a } from '@inkmark/relay'\nexport const b = a"],
    ['webapp/src/x.ts', "import { a } from '../../relay/src/app'\nexport const b = a"],
    ['extension/src/x.ts', "import { a } from '@inkmark/webapp'\nexport const b = a"],
    ['relay/src/x.ts', "import { a } from '@inkmark/shared/src/domain/plan'\nexport const b = a"],
    ['site/src/x.ts', "import { a } from '../../shared/src/domain/plan'\nexport const b = a"],
    ['tests/x.ts', "import { a } from '../relay/src/app'\nexport const b = a"],
    [
      'tests/x.ts',
      "import { a } from '../relay/src/misc/testing/integrations-test-app'\nexport const b = a",
    ],
    [
      'scripts/src/bench/cluster/x.ts',
      "import { a } from '../../../../relay/src/app'\nexport const b = a",
    ],
    [
      'scripts/src/bench/cluster/x.ts',
      "import { a } from '../../../../../relay/src/app'\nexport const b = a",
    ],
  ])('reports a forbidden import in %s', async (file, code) => {
    expect(await restrictedImportsIn(file, code)).toHaveLength(1)
  })

  it.each([
    ['webapp/src/x.ts', "import { a } from '@inkmark/shared'\nexport const b = a"],
    ['tests/x.ts', "import { a } from '@inkmark/shared/testing'\nexport const b = a"],
    [
      'tests/x.ts',
      "import { a } from '../relay/src/misc/testing/notion-stand-in'\nexport const b = a",
    ],
    ['shared/src/domain/x.ts', "import { a } from './plan'\nexport const b = a"],
    ['shared/src/store/x.ts', "import * as Y from 'yjs'\nexport const a = Y"],
    // A folder of the workspace's own, named like another workspace.
    [
      'scripts/src/bench/cluster/x.ts',
      "import { a } from '../relay/http-client'\nexport const b = a",
    ],
  ])('allows %s to import what the architecture permits', async (file, code) => {
    expect(await restrictedImportsIn(file, code)).toEqual([])
  })

  it('reaches every source file: none lies deeper than the config checks', () => {
    const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { cwd: repoRoot })
      .toString()
      .split('\n')
      .filter(Boolean)
    const deepest = Math.max(...files.map((file) => file.split('/').length - 1))
    expect(deepest).toBeLessThanOrEqual(MAX_BOUNDARY_DEPTH)
  })
})
