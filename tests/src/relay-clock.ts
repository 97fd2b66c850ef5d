// Pins a relay process's clock (tests/src/relay-clock-preload.mjs): the env a relay needs so that
// its Date starts at `millis` and runs on, to be set before the relay starts (or restarts).
import { fileURLToPath } from 'node:url'

const PRELOAD = fileURLToPath(new URL('./relay-clock-preload.mjs', import.meta.url))

/** The env entries that start a relay's clock at `millis`. */
export function relayClockEnv(millis: number): Record<string, string> {
  return {
    NODE_OPTIONS: `--import ${PRELOAD}`,
    INKMARK_TEST_CLOCK_MILLIS: String(millis),
  }
}
