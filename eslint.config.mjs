// ESLint flat config. Besides the usual TypeScript rules it enforces the import boundaries of the
// architecture: shared imports no app, apps import no other app, the domain imports neither yjs nor
// the DOM (the DOM half is enforced by shared/tsconfig.domain.json having no DOM lib), and nobody
// reaches into another workspace's files except through its package entry point.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

const APPS = ['relay', 'webapp', 'site', 'extension', 'scripts', 'tests']

/** Forbid relative paths that climb out of a workspace into `names`, and their package names. */
function forbidWorkspaces(names, message) {
  return names.flatMap((name) => [
    { regex: `^(\\.\\./)+${name}(/|$)`, message },
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
function forbidOtherApps(app, names, message) {
  if (app !== 'tests') {
    return forbidWorkspaces(names, message)
  }
  return [
    ...forbidWorkspaces(
      names.filter((name) => name !== 'relay' && name !== 'site'),
      message,
    ),
    { regex: `^(\\.\\./)+${RELAY_STAND_INS_FOR_TESTS}`, message },
    { regex: '^@inkmark/relay(/|$)', message },
    { regex: `^(\\.\\./)+${SITE_SERVER_FOR_TESTS}`, message },
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

const boundaryConfigs = [
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: restrictedImports(forbidWorkspaces(APPS, 'shared/ must not import an app.')),
  },
  {
    files: ['design/**/*.{ts,tsx}'],
    rules: restrictedImports([
      ...forbidWorkspaces(
        [...APPS, 'shared'],
        'design/ is the bottom of the UI: it imports no app and not shared.',
      ),
    ]),
  },
  {
    files: ['shared/src/domain/**/*.ts'],
    rules: restrictedImports([
      ...forbidWorkspaces(APPS, 'shared/ must not import an app.'),
      {
        regex: '^(yjs|y-[a-z-]+|lib0)(/|$)',
        message: 'The domain is pure: no yjs here; the store lives in shared/src/store.',
      },
      {
        regex: '^(\\.\\./)+(store|sync|anchoring|testing)(/|$)',
        message: 'The domain is the bottom layer and imports no other layer of shared/.',
      },
    ]),
  },
  ...APPS.map((app) => ({
    files: [`${app}/**/*.{ts,tsx}`],
    rules: restrictedImports([
      ...forbidOtherApps(
        app,
        APPS.filter((other) => other !== app),
        'An app must not import another app; share code through @inkmark/shared.',
      ),
      noDeepSharedImports,
      noSharedByPath,
    ]),
  })),
  {
    // Vite bundles a config's relative imports but leaves packages to Node, which cannot load
    // TypeScript: the apps' Vite configs read the security headers by path, and only those.
    files: ['webapp/vite.config.ts', 'site/vite.config.ts'],
    rules: restrictedImports([
      ...forbidWorkspaces(
        APPS.filter((other) => other !== 'webapp' && other !== 'site'),
        'An app must not import another app; share code through @inkmark/shared.',
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
