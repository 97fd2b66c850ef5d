import { TagChip, TagChipList } from '@inkmark/design'
import type { Filter } from '@inkmark/shared'

/** An entity's tags as chips; with `onTag`, each is a button that filters the list by it. */
export function TagList({
  tags,
  onTag,
}: {
  tags: readonly string[]
  onTag?: (filter: Filter) => void
}) {
  if (tags.length === 0) {
    return null
  }
  return (
    <TagChipList label="Tags" className="tag-list">
      {tags.map((tag) => (
        <li key={tag}>
          {onTag ? (
            <TagChip
              tag={tag}
              className="tag"
              pressLabel={`Filter by tag ${tag}`}
              onPress={() => onTag({ key: 'tag', value: tag, logical: 'AND' })}
            />
          ) : (
            <TagChip tag={tag} className="tag" />
          )}
        </li>
      ))}
    </TagChipList>
  )
}
