// The reader shows the article's title as its one h1, so the article's own headings must start
// at h2 and go down one level at a time, or assistive technology announces an outline with holes
// (and axe-core reports heading-order). Pages skip levels freely (an h1 title, then h3 sections);
// this ranks the levels an article uses and renames each heading to h2, h3 ... by its rank.

const HEADINGS = 'h1, h2, h3, h4, h5, h6'
const FIRST_LEVEL = 2
const LAST_LEVEL = 6

function levelOf(heading: Element): number {
  return Number(heading.tagName.slice(1))
}

/** Renames the headings under `root` so that the levels used become h2, h3 ... without gaps. */
export function rankHeadings(root: Element): void {
  const headings = [...root.querySelectorAll(HEADINGS)]
  const levels = [...new Set(headings.map(levelOf))].sort((a, b) => a - b)
  for (const heading of headings) {
    const level = Math.min(FIRST_LEVEL + levels.indexOf(levelOf(heading)), LAST_LEVEL)
    if (level !== levelOf(heading)) {
      const renamed = heading.ownerDocument.createElement(`h${level}`)
      for (const attribute of heading.attributes) {
        renamed.setAttribute(attribute.name, attribute.value)
      }
      renamed.append(...heading.childNodes)
      heading.replaceWith(renamed)
    }
  }
}
