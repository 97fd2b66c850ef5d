// What the sidebar changes on one of the page's highlights (its note, tags, colour, or deleting
// it), through the contract the toolbox uses: guest calls run by the background for the page the
// sidebar is open on, with the tab's pass (ADR 033), each validated there. Tags are cleaned here
// as the toolbox and the web app clean them, and a tag already on the highlight is not added twice
// (compared case-insensitively, as suggestions leave out the highlight's own tags).
import { withAddedTag, type Mark } from '@inkmark/shared'
import { callToolbox } from '../components/toolbox/toolbox-client'
import { postToHost } from './frame-link'

/** The tags after adding what the person typed (cleaned); unchanged when nothing is left of it. */
export function tagsWithAdded(tags: readonly string[], typed: string): string[] {
  return withAddedTag(tags, typed)
}

/** The library's tags for what is typed, ranked by the spec's scores, without the mark's own. */
export function suggestTagsFor(pageUrl: string, mark: Mark, typed: string, tags: string[]) {
  return callToolbox(pageUrl, 'suggestTags', typed, tags)
}

/** The tags without `tag`. */
export function tagsWithout(tags: readonly string[], tag: string): string[] {
  return tags.filter((other) => other !== tag)
}

export function saveNote(pageUrl: string, mark: Mark, notes: string) {
  return callToolbox(pageUrl, 'updateMark', mark._id, { notes })
}

export function saveTags(pageUrl: string, mark: Mark, tags: string[]) {
  return callToolbox(pageUrl, 'updateMark', mark._id, { tags })
}

export function saveColor(pageUrl: string, mark: Mark, color: string) {
  return callToolbox(pageUrl, 'updateMark', mark._id, { color })
}

export function deleteMark(pageUrl: string, mark: Mark) {
  return callToolbox(pageUrl, 'deleteMark', mark._id)
}

/** Asks our content script to scroll the page to the highlight and flash it. */
export function showOnPage(mark: Mark): void {
  postToHost({ type: 'scrollTo', markId: mark._id })
}
