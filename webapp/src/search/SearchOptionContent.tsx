import { countLabel, markNoteText } from '@inkmark/shared'
import type { SearchOption } from '../lib/search-options'

/** What one search result shows; every value from storage is rendered as text. */
export function SearchOptionContent({ option }: { option: SearchOption }) {
  switch (option.kind) {
    case 'bookmark':
      return (
        <>
          <span className="search-option-title">
            {option.bookmark.title || option.bookmark.url}
          </span>
          <span className="search-option-detail">
            {option.bookmark.origin ?? option.bookmark.url}
          </span>
        </>
      )
    case 'mark':
      return (
        <>
          <span className="search-option-title">
            {option.mark.text || option.mark.imageAlt || 'Image'}
          </span>
          <span className="search-option-detail">{option.mark.title ?? option.mark.url}</span>
        </>
      )
    case 'note':
      return (
        <>
          <span className="search-option-title">{markNoteText(option.mark)}</span>
          <span className="search-option-detail">{option.mark.text ?? option.mark.title}</span>
        </>
      )
    case 'tag':
      return (
        <>
          <span className="search-option-title">#{option.tag.name}</span>
          <span className="search-option-detail">{countLabel(option.tag.count, 'item')}</span>
        </>
      )
  }
}
