// Counted words for the product's components: '1 highlight', '3 highlights', never 'highlight(s)'.
// design/ imports nothing of ours, so this small rule lives here rather than in shared/.

/** "1 highlight", "3 highlights"; `plural` for words that do not just take an s. */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`
}
