// A highlight's memory level in the sidebar's lists (issue 14), small and muted: the same words
// as the web app's notebook ("Learning: Good Recall"), from the spec's memory levels.
import { memoryLevel, memoryLevelLabel, type Mark } from '@inkmark/shared'

/** "Learning: <memory level>" for one highlight. */
export function MemoryLevelLine({ mark }: { mark: Pick<Mark, 'learningItem'> }) {
  const level = memoryLevel(mark.learningItem)
  return (
    <p className="memory-level" data-memory-level={level}>
      Learning: {memoryLevelLabel(level)}
    </p>
  )
}
