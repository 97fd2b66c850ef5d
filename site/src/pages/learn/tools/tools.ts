// The eight free tool pages (/tools/{toolName}) and the web app address each one opens. A page's
// form is a plain GET form to the web app (it works with JavaScript off); the web app does the
// work: its reader fetches a page through Inkmark's fetcher, its YouTube reader fetches the
// transcript, and AI summaries use the AI provider the visitor sets up there.

/** What a tool's form sends the visitor to. */
export type ToolAction =
  | {
      readonly kind: 'url-form'
      /** The web app path the form's GET goes to. */
      readonly appPath: '/reader' | '/youtube'
      readonly acceptsYouTubeOnly: boolean
      readonly summarize: boolean
      readonly submitLabel: string
    }
  | { readonly kind: 'app-link'; readonly appPathAndQuery: string; readonly label: string }

/** One tool page. */
export interface ToolDefinition {
  /** The URL segment. */
  readonly slug: string
  /** The name in lists and the navigation ('Online highlighter'). */
  readonly name: string
  readonly title: string
  readonly description: string
  /** What the tool does, a paragraph each. */
  readonly explanation: readonly string[]
  /** What the tool needs, said honestly, a paragraph each. */
  readonly needs: readonly string[]
  readonly action: ToolAction
}

const FETCHER =
  "The page is fetched by Inkmark's fetcher on our server, which only fetches public web addresses (it refuses addresses on private networks, such as your router or localhost). Pages behind a login or a paywall come back as the public sees them."
const TRANSCRIPT =
  "The video needs captions (its own or YouTube's automatic ones): the transcript is YouTube's caption track. A video without any has no transcript to show."
const AI_PROVIDER =
  "The summary is written by the AI provider you choose in the web app's settings: your browser's built-in AI where the browser has it (it runs on your device), or your own OpenAI-compatible endpoint and key. Inkmark does not send the text to an AI service of its own."
const NO_ACCOUNT =
  'No account is needed; what you save stays in your browser unless you sign in to sync.'

const urlForm = (
  appPath: '/reader' | '/youtube',
  submitLabel: string,
  summarize = false,
): ToolAction => ({
  kind: 'url-form',
  appPath,
  acceptsYouTubeOnly: appPath === '/youtube',
  summarize,
  submitLabel,
})

/** The tools, in the order the index lists them. */
export const TOOLS: readonly ToolDefinition[] = [
  {
    slug: 'highlight-website',
    name: 'Online highlighter',
    title: 'Highlight a Website Online - Free Web Highlighter',
    description:
      'Paste a web address and highlight the page in your browser, with notes and tags. Free, no install.',
    explanation: [
      "Paste the address of an article and Inkmark's web app opens it in its reader. Select text to highlight it in a colour, add a note or tags, and find it all again in your library.",
      'To highlight on the sites themselves as you browse, install the Inkmark extension for Chrome, Edge or Firefox.',
    ],
    needs: [FETCHER, NO_ACCOUNT],
    action: urlForm('/reader', 'Open and highlight'),
  },
  {
    slug: 'open-website-in-reader-mode',
    name: 'Online reader',
    title: 'Open a Website in Reader Mode - Free Online Reader',
    description:
      'Read any article without ads, pop-ups and clutter: paste its address and open it in reader mode.',
    explanation: [
      'The reader keeps the article: its title, text and headings, in a clean column. Choose the font size, width, line spacing and a light or dark page, and highlight as you read.',
    ],
    needs: [FETCHER, NO_ACCOUNT],
    action: urlForm('/reader', 'Open in reader mode'),
  },
  {
    slug: 'website-ai-summary',
    name: 'Website AI summarizer',
    title: 'Website AI Summary - Summarize Any Web Page',
    description:
      'Paste a web address and get a short summary of the page, written by the AI you choose.',
    explanation: [
      'The web app opens the page in its reader and writes a summary of it, with the page there to check the summary against and highlight what matters.',
    ],
    needs: [AI_PROVIDER, FETCHER],
    action: urlForm('/reader', 'Summarize the page', true),
  },
  {
    slug: 'highlight-youtube-video',
    name: 'YouTube highlighter',
    title: 'Highlight a YouTube Video - Highlight Transcript Lines',
    description:
      "Highlight the lines of a YouTube video's transcript, add notes and jump back to the moment later.",
    explanation: [
      "Paste a YouTube address and the web app shows the video's transcript line by line with its time. Highlight the lines you want to keep; each keeps its moment in the video.",
    ],
    needs: [TRANSCRIPT, NO_ACCOUNT],
    action: urlForm('/youtube', 'Open the transcript'),
  },
  {
    slug: 'youtube-transcript-reader',
    name: 'YouTube transcript reader',
    title: 'YouTube Transcript Reader - Read Any Video as Text',
    description: "Read a YouTube video's transcript as text, with times, and highlight it.",
    explanation: [
      'Reading is faster than watching: the transcript shows every line with its time, so you can skim, search with your browser and highlight the lines you need.',
    ],
    needs: [TRANSCRIPT],
    action: urlForm('/youtube', 'Read the transcript'),
  },
  {
    slug: 'youtube-transcript-generator',
    name: 'YouTube transcript generator',
    title: 'YouTube Transcript Generator - Copy or Download as Text or SRT',
    description: "Get a YouTube video's transcript to copy, or download it as a .txt or .srt file.",
    explanation: [
      'Paste a YouTube address to get its transcript. Copy it, or download it as plain text (.txt) or as subtitles with times (.srt).',
    ],
    needs: [TRANSCRIPT],
    action: urlForm('/youtube', 'Get the transcript'),
  },
  {
    slug: 'youtube-ai-summary',
    name: 'YouTube AI summarizer',
    title: 'YouTube AI Summary - Summarize Any Video',
    description: 'Summarize a YouTube video from its transcript with the AI you choose.',
    explanation: [
      "The web app fetches the video's transcript and writes a summary of it, with the transcript beside it to check against.",
    ],
    needs: [TRANSCRIPT, AI_PROVIDER],
    action: urlForm('/youtube', 'Summarize the video', true),
  },
  {
    slug: 'highlight-in-notes',
    name: 'Notes highlighter',
    title: 'Highlight in Notes - Write and Highlight Your Own Text',
    description:
      'Paste or write your own text, then highlight it and add notes, like any web page.',
    explanation: [
      "Inkmark's web app keeps your own text too: paste meeting notes, an email or a chapter you typed, save it, and highlight and annotate it like a web page.",
    ],
    needs: [
      'Nothing is fetched: the text you write stays in your browser, and syncs only if you sign in.',
    ],
    action: {
      kind: 'app-link',
      appPathAndQuery: '/?dialog=add-content',
      label: 'Write a note to highlight',
    },
  },
]

/** The tool with this URL segment, or undefined. */
export function toolBySlug(slug: string | undefined): ToolDefinition | undefined {
  return TOOLS.find((tool) => tool.slug === slug)
}

/**
 * The pattern a YouTube address must match in the form (the browser checks it before sending).
 * Written without character classes so it compiles the same with the `v` flag browsers use.
 */
export const YOUTUBE_URL_PATTERN = 'https?://(www\\.|m\\.|music\\.)?(youtube\\.com|youtu\\.be)/.+'
