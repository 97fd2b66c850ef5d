// ESLint flat config. Besides the usual TypeScript rules it enforces the import boundaries of the
// architecture: shared imports no app, apps import no other app, the domain imports neither yjs nor
// the DOM (the DOM half is enforced by shared/tsconfig.domain.json having no DOM lib), and nobody
// reaches into another workspace's files except through its package entry point.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

const APPS = ['relay', 'webapp', 'site', 'extension', 'scripts', 'tests']

/**
 * The relative climb out of a file `depth` folders below the repository's root: `^(\.\./){depth,}`.
 * A shorter climb stays inside the file's own workspace, so a folder of its own that happens to be
 * named like a workspace (scripts/src/bench/relay) is not taken for it.
 */
const climbOut = (depth) => `^(\\.\\./){${depth},}`

/** The deepest source file's folders below the root (a deeper file would go unchecked: lint-boundaries.test.ts). */
const MAX_DEPTH = 8

/** Forbid relative paths that climb out of a workspace into `names`, and their package names. */
function forbidWorkspaces(names, message, depth) {
  return names.flatMap((name) => [
    { regex: `${climbOut(depth)}${name}(/|$)`, message },
    { regex: `^@inkmark/${name}(/|$)`, message },
  ])
}

/**
 * The one way the end-to-end tests may reach into the relay: its third-party API stand-ins
 * (relay/src/misc/testing/*-stand-in.ts, local servers a test starts and points the misc server
 * at), which the relay's own tests use too. Anything else of the relay stays out of reach.
 */
const RELAY_STAND_INS_FOR_TESTS = 'relay(/(?!src/misc/testing/[a-z-]+-stand-in$)|$)'

/**
 * The one way the end-to-end tests may reach into the site: its server (site/server/site-server.ts),
 * which they start on the build they test, as `npm start` does.
 */
const SITE_SERVER_FOR_TESTS = 'site(/(?!server/site-server$)|$)'

/** forbidWorkspaces for `app`: the tests may import the relay's stand-ins and the site's server. */
function forbidOtherApps(app, names, message, depth) {
  if (app !== 'tests') {
    return forbidWorkspaces(names, message, depth)
  }
  return [
    ...forbidWorkspaces(
      names.filter((name) => name !== 'relay' && name !== 'site'),
      message,
      depth,
    ),
    { regex: `${climbOut(depth)}${RELAY_STAND_INS_FOR_TESTS}`, message },
    { regex: '^@inkmark/relay(/|$)', message },
    { regex: `${climbOut(depth)}${SITE_SERVER_FOR_TESTS}`, message },
    { regex: '^@inkmark/site(/|$)', message },
  ]
}

const noDeepSharedImports = {
  regex:
    '^@inkmark/shared/(?!(testing|guest|fixtures|pdf|pdf/map-upsert|youtube|reader-ui|settings-ui|web-security|library-bridge)$)',
  message:
    'Import @inkmark/shared through its entry point (or @inkmark/shared/testing, @inkmark/shared/pdf in PDF viewers, @inkmark/shared/pdf/map-upsert in pdf.js worker entries, @inkmark/shared/youtube in the YouTube content script, @inkmark/shared/reader-ui in readers, @inkmark/shared/settings-ui in settings pages, @inkmark/shared/guest in content scripts, @inkmark/shared/library-bridge in the library bridge content script, or @inkmark/shared/web-security in Vite configs and servers).',
}
const noSharedByPath = {
  regex: '^(\\.\\./)+shared/',
  message: 'Import @inkmark/shared by its package name, not by path.',
}

function restrictedImports(patterns) {
  return { 'no-restricted-imports': ['error', { patterns }] }
}

/**
 * One config per depth of the files under `folder` (its own depth first), each with the patterns
 * `patternsAt(depth)`: a relative climb out of the workspace is told apart by its length.
 */
function atEachDepth(folder, patternsAt) {
  const own = folder.split('/').length
  return Array.from({ length: MAX_DEPTH - own + 1 }, (_, below) => ({
    files: [`${folder}/${'*/'.repeat(below)}*.{ts,tsx}`],
    rules: restrictedImports(patternsAt(own + below)),
  }))
}

const boundaryConfigs = [
  ...atEachDepth('shared', (depth) =>
    forbidWorkspaces(APPS, 'shared/ must not import an app.', depth),
  ),
  ...atEachDepth('design', (depth) =>
    forbidWorkspaces(
      [...APPS, 'shared'],
      'design/ is the bottom of the UI: it imports no app and not shared.',
      depth,
    ),
  ),
  ...atEachDepth('shared/src/domain', (depth) => [
    ...forbidWorkspaces(APPS, 'shared/ must not import an app.', depth),
    {
      regex: '^(yjs|y-[a-z-]+|lib0)(/|$)',
      message: 'The domain is pure: no yjs here; the store lives in shared/src/store.',
    },
    {
      regex: '^(\\.\\./)+(store|sync|anchoring|testing)(/|$)',
      message: 'The domain is the bottom layer and imports no other layer of shared/.',
    },
  ]),
  ...APPS.flatMap((app) =>
    atEachDepth(app, (depth) => [
      ...forbidOtherApps(
        app,
        APPS.filter((other) => other !== app),
        'An app must not import another app; share code through @inkmark/shared.',
        depth,
      ),
      noDeepSharedImports,
      noSharedByPath,
    ]),
  ),
  {
    // Vite bundles a config's relative imports but leaves packages to Node, which cannot load
    // TypeScript: the apps' Vite configs read the security headers by path, and only those.
    files: ['webapp/vite.config.ts', 'site/vite.config.ts'],
    rules: restrictedImports([
      ...forbidWorkspaces(
        APPS.filter((other) => other !== 'webapp' && other !== 'site'),
        'An app must not import another app; share code through @inkmark/shared.',
        1,
      ),
      noDeepSharedImports,
      {
        regex: '^(\\.\\./)+shared/(?!src/web-security/index$)',
        message: 'A Vite config imports only shared/src/web-security/index by path.',
      },
    ]),
  },
]

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.plasmo/**',
      '**/coverage/**',
      '**/.tsbuild/**',
      'relay/data/**',
      'webapp/src/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.mjs', '.ci/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      curly: ['error', 'all'],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  ...boundaryConfigs,
)
