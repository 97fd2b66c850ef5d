// The fixtures folder for the anchoring tests and benchmark: the one rule of
// shared/src/testing/fixtures-dir.ts (INKMARK_FIXTURES, else beside the repository, else the
// workplace's copy).
export { FIXTURES_ENV, fixturesDir } from '../testing/fixtures-dir'
