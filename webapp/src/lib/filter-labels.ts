// How filters read in the dashboard: 'Tag: research', 'Website: example.com', 'Image highlights:
// yes'. The same words label the chips and their remove buttons.
import { FilterKey, IS_IMAGE_FALSE, type Filter } from '@inkmark/shared'

/** The label of each filter key. */
export const FILTER_KEY_LABELS: Record<FilterKey, string> = {
  tag: 'Tag',
  origin: 'Website',
  isImage: 'Image highlights',
}

/** How a filter reads in a chip, e.g. 'Tag: research'. */
export function describeFilter(filter: Filter): string {
  const value =
    filter.key === FilterKey.IS_IMAGE
      ? filter.value.trim().toLowerCase() === IS_IMAGE_FALSE
        ? 'no'
        : 'yes'
      : filter.value
  return `${FILTER_KEY_LABELS[filter.key]}: ${value}`
}
