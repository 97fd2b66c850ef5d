import { writeFileSync } from 'node:fs'
import { relayBenchmark } from './run'
const result = await relayBenchmark.run({
  quick: process.argv.includes('--quick'),
  log: (l) => process.stderr.write(l + '\n'),
})
writeFileSync('/tmp/relay-section.md', result.markdown)
