import { countLabel, markNoteText } from '@inkmark/shared'
import type { SearchOption } from '../lib/search-options'
import { MatchedText } from './MatchedText'

/** What one search result shows, the matched words marked; every stored value renders as text. */
export function SearchOptionContent({ option }: { option: SearchOption }) {
  const { terms } = option
  switch (option.kind) {
    case 'bookmark':
      return (
        <>
          <span className="search-option-title">
            <MatchedText text={option.bookmark.title || option.bookmark.url} terms={terms} />
          </span>
          <span className="search-option-detail">
            <MatchedText text={option.bookmark.origin ?? option.bookmark.url} terms={terms} />
          </span>
        </>
      )
    case 'mark':
      return (
        <>
          <span className="search-option-title">
            <MatchedText text={option.mark.text || option.mark.imageAlt || 'Image'} terms={terms} />
          </span>
          <span className="search-option-detail">{option.mark.title ?? option.mark.url}</span>
        </>
      )
    case 'note':
      return (
        <>
          <span className="search-option-title">
            <MatchedText text={markNoteText(option.mark)} terms={terms} />
          </span>
          <span className="search-option-detail">{option.mark.text ?? option.mark.title}</span>
        </>
      )
    case 'tag':
      return (
        <>
          <span className="search-option-title">
            #<MatchedText text={option.tag.name} terms={terms} />
          </span>
          <span className="search-option-detail">{countLabel(option.tag.count, 'item')}</span>
        </>
      )
  }
}
