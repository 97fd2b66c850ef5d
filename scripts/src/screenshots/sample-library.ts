// The library the screenshots show: real public-domain books from Project Gutenberg, with
// passages quoted from them, and notes and tags a reader might write. No invented people, reviews
// or testimonials: every quote is the book's own words.
import {
  createBookmark,
  createMark,
  createPageContent,
  ObjectStore,
  toSiteOrigin,
} from '@inkmark/shared'

export interface SampleHighlight {
  text: string
  color: string
  note?: string
  tags?: string[]
}

export interface SampleBook {
  id: string
  url: string
  title: string
  author: string
  description: string
  tags: string[]
  saved: boolean
  /** How long ago it was saved. */
  ageHours: number
  /** The passage around the highlights, as paragraphs. */
  paragraphs: string[]
  highlights: SampleHighlight[]
}

const YELLOW = '#fdffb4'
const GREEN = '#a7e8c8'
const BLUE = '#b5d8ff'
const PINK = '#ffc8dd'

/** Walden is also the article page the extension's screenshots highlight. */
export const WALDEN: SampleBook = {
  id: 'walden',
  url: 'https://www.gutenberg.org/ebooks/205',
  title: 'Walden — Where I Lived, and What I Lived For',
  author: 'Henry David Thoreau',
  description: 'Thoreau on two years in a cabin by Walden Pond, and on living deliberately.',
  tags: ['essays', 'nature'],
  saved: true,
  ageHours: 2,
  paragraphs: [
    'Every morning was a cheerful invitation to make my life of equal simplicity, and I may say innocence, with Nature herself.',
    'I went to the woods because I wished to live deliberately, to front only the essential facts of life, and see if I could not learn what it had to teach, and not, when I came to die, discover that I had not lived. I did not wish to live what was not life, living is so dear; nor did I wish to practise resignation, unless it was quite necessary.',
    'Our life is frittered away by detail. An honest man has hardly need to count more than his ten fingers, or in extreme cases he may add his ten toes, and lump the rest. Simplicity, simplicity, simplicity! I say, let your affairs be as two or three, and not a hundred or a thousand.',
    'Let us spend one day as deliberately as Nature, and not be thrown off the track by every nutshell and mosquito’s wing that falls on the rails.',
    'Time is but the stream I go a-fishing in. I drink at it; but while I drink I see the sandy bottom and detect how shallow it is. Its thin current slides away, but eternity remains.',
  ],
  highlights: [
    {
      text: 'I went to the woods because I wished to live deliberately',
      color: YELLOW,
      note: 'The sentence the whole book hangs on.',
      tags: ['deliberate living'],
    },
    { text: 'Our life is frittered away by detail.', color: GREEN, tags: ['simplicity'] },
    {
      text: 'Time is but the stream I go a-fishing in.',
      color: BLUE,
      note: 'Read next to the chapter on Solitude.',
    },
  ],
}

export const BOOKS: SampleBook[] = [
  WALDEN,
  {
    id: 'origin',
    url: 'https://www.gutenberg.org/ebooks/1228',
    title: 'On the Origin of Species — Recapitulation and Conclusion',
    author: 'Charles Darwin',
    description: 'The closing chapter of the first edition (1859).',
    tags: ['science'],
    saved: true,
    ageHours: 26,
    paragraphs: [
      'There is grandeur in this view of life, with its several powers, having been originally breathed into a few forms or into one; and that, whilst this planet has gone cycling on according to the fixed law of gravity, from so simple a beginning endless forms most beautiful and most wonderful have been, and are being, evolved.',
    ],
    highlights: [
      {
        text: 'from so simple a beginning endless forms most beautiful and most wonderful have been, and are being, evolved',
        color: YELLOW,
        note: 'The last line of the book.',
      },
    ],
  },
  {
    id: 'liberty',
    url: 'https://www.gutenberg.org/ebooks/34901',
    title: 'On Liberty — Of the Liberty of Thought and Discussion',
    author: 'John Stuart Mill',
    description: 'Chapter II of Mill’s essay (1859).',
    tags: ['philosophy'],
    saved: false,
    ageHours: 50,
    paragraphs: [
      'If all mankind minus one, were of one opinion, and only one person were of the contrary opinion, mankind would be no more justified in silencing that one person, than he, if he had the power, would be justified in silencing mankind.',
    ],
    highlights: [
      {
        text: 'If all mankind minus one, were of one opinion',
        color: PINK,
        tags: ['free speech'],
      },
    ],
  },
  {
    id: 'self-reliance',
    url: 'https://www.gutenberg.org/ebooks/2944',
    title: 'Essays, First Series — Self-Reliance',
    author: 'Ralph Waldo Emerson',
    description: 'Emerson’s essay of 1841.',
    tags: ['essays', 'philosophy'],
    saved: true,
    ageHours: 120,
    paragraphs: [
      'Trust thyself: every heart vibrates to that iron string.',
      'A foolish consistency is the hobgoblin of little minds, adored by little statesmen and philosophers and divines.',
    ],
    highlights: [
      { text: 'Trust thyself: every heart vibrates to that iron string.', color: YELLOW },
      {
        text: 'A foolish consistency is the hobgoblin of little minds',
        color: GREEN,
        note: 'Often quoted without the word “foolish”.',
      },
    ],
  },
  {
    id: 'frankenstein',
    url: 'https://www.gutenberg.org/ebooks/84',
    title: 'Frankenstein; or, the Modern Prometheus',
    author: 'Mary Wollstonecraft Shelley',
    description: 'The novel of 1818.',
    tags: ['fiction'],
    saved: false,
    ageHours: 400,
    paragraphs: [
      'Nothing is so painful to the human mind as a great and sudden change.',
      'Beware; for I am fearless, and therefore powerful.',
    ],
    highlights: [
      {
        text: 'Nothing is so painful to the human mind as a great and sudden change.',
        color: BLUE,
      },
    ],
  },
]

/** The article page of a book, as a web page (the extension's screenshots) or saved content. */
export function articleHtml(book: SampleBook): string {
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  const [title, chapter] = book.title.split(' — ')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">
<title>${escape(book.title)}</title>
<style>body{font:18px/1.6 Georgia,serif;max-width:40rem;margin:2rem auto;padding:0 1.25rem;color:#222;background:#fffdf8}h1{font-size:1.8rem;line-height:1.25}p.byline{color:#555}@media (prefers-color-scheme: dark){body{color:#e7e5e4;background:#1c1b1a}p.byline{color:#a8a29e}}</style>
</head><body><main><article><h1>${escape(title ?? book.title)}</h1>
<p class="byline">${escape(book.author)}${chapter ? ` · ${escape(chapter)}` : ''} · Project Gutenberg</p>
${book.paragraphs.map((text, index) => `<p id="p${index + 1}">${escape(text)}</p>`).join('\n')}
</article></main></body></html>`
}

/** Every entity of the sample library, dated relative to `now`. */
export function sampleEntities(now: number): Record<string, unknown>[] {
  const entities: Record<string, unknown>[] = []
  for (const book of BOOKS) {
    const savedAt = now - book.ageHours * 3_600_000
    entities.push({
      ...createBookmark(
        {
          _id: book.id,
          url: book.url,
          origin: toSiteOrigin(book.url) ?? undefined,
          title: book.title,
          description: book.description,
          author: book.author,
          tags: book.tags,
          isStarred: book.saved,
        },
        savedAt,
      ),
      _objectStore: ObjectStore.BOOKMARKS,
    })
    book.highlights.forEach((highlight, index) => {
      entities.push({
        ...createMark(
          {
            _id: `${book.id}-${index + 1}`,
            _bookmark: book.id,
            url: book.url,
            title: book.title,
            text: highlight.text,
            color: highlight.color,
            ...(highlight.note ? { notes: highlight.note } : {}),
            tags: highlight.tags ?? [],
          },
          savedAt + (index + 1) * 60_000,
        ),
        _objectStore: ObjectStore.MARKS,
      })
    })
    entities.push({
      ...createPageContent(
        { _id: `${book.id}-content`, url: book.url, title: book.title, content: articleHtml(book) },
        savedAt,
      ),
    })
  }
  return entities
}
