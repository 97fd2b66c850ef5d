// A Pocket CSV export of `rows` saved pages (Pocket's columns: title, url, time_added, tags,
// status), seeded so every run imports the same file: what the web app benchmark imports.
import { createRandom } from './store/generate'

const TOPICS = ['memory', 'sleep', 'bread', 'rivers', 'compilers', 'gardens', 'jazz', 'maps']
const TAGS = ['reading', 'later', 'research', 'cooking', 'work', 'travel']

/** A CSV field, quoted when it holds a comma, a quote or a line break. */
function field(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

/** The text of a Pocket CSV with `rows` distinct pages. */
export function pocketCsv(rows: number, seed: number): string {
  const random = createRandom(seed ^ 0x9e37)
  const lines = ['title,url,time_added,tags,status']
  for (let index = 0; index < rows; index++) {
    const topic = TOPICS[Math.floor(random() * TOPICS.length)]!
    const title = `Notes on ${topic}, part ${index + 1}`
    const url = `https://reading.example.org/${topic}/${index + 1}`
    const added = 1_600_000_000 + Math.floor(random() * 100_000_000)
    const tags = TAGS.filter(() => random() < 0.2).join('|')
    const status = random() < 0.5 ? 'unread' : 'archive'
    lines.push([field(title), field(url), String(added), field(tags), status].join(','))
  }
  return `${lines.join('\n')}\n`
}
