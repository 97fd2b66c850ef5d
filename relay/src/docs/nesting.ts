// A bound on how deeply an entity's values may nest. Real entities are a few levels deep; a value
// nested thousands of levels deep overflows the stack of Yjs's encoder (inside the doc's
// transaction, which leaves the live doc unable to emit or store any further update) and of JSON
// serialisation. Such entities are refused before they reach a doc.

/** Deepest nesting of objects and arrays accepted in an entity (the entity itself is level 1). */
export const MAX_ENTITY_DEPTH = 64

/** Whether `value` nests objects or arrays deeper than `maxDepth` (iterative, so never overflows). */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }]
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (next.value === null || typeof next.value !== 'object') {
      continue
    }
    const depth = next.depth + 1
    if (depth > maxDepth) {
      return true
    }
    for (const child of Object.values(next.value)) {
      stack.push({ value: child, depth })
    }
  }
  return false
}
