// How filters read in the dashboard: 'Tag: research', 'Website: example.com', 'Image highlights:
// yes', 'Memory level: Long-Term Memory'. The same words label the chips and their remove buttons.
import {
  FilterKey,
  IS_IMAGE_FALSE,
  MemoryLevel,
  memoryLevelLabel,
  type Filter,
} from '@inkmark/shared'

/** The label of each filter key. */
export const FILTER_KEY_LABELS: Record<FilterKey, string> = {
  tag: 'Tag',
  origin: 'Website',
  isImage: 'Image highlights',
  memoryLevel: 'Memory level',
}

function isMemoryLevel(value: string): value is MemoryLevel {
  return (Object.values(MemoryLevel) as string[]).includes(value)
}

/** How a filter reads in a chip, e.g. 'Tag: research'. */
export function describeFilter(filter: Filter): string {
  const value =
    filter.key === FilterKey.IS_IMAGE
      ? filter.value.trim().toLowerCase() === IS_IMAGE_FALSE
        ? 'no'
        : 'yes'
      : filter.key === FilterKey.MEMORY_LEVEL && isMemoryLevel(filter.value)
        ? memoryLevelLabel(filter.value)
        : filter.value
  return `${FILTER_KEY_LABELS[filter.key]}: ${value}`
}
