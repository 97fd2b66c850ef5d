// The library's marks and the learning figures over them, re-read whenever the library changes
// (a review here, or one that sync brings), at the time of the render in this browser's zone.
import type { Mark } from '@inkmark/shared'
import { useLibraryQuery } from '../library/LibraryProvider'
import { learningOverview, type LearningOverview } from '@inkmark/shared'
import { browserTimeZoneOffset } from './learning-words'

/** The live marks (the learning cards), the time and zone they were read at. */
export function useLearningCards(): { marks: Mark[]; now: number; tz: number } {
  return useLibraryQuery((library) => {
    const now = Date.now()
    return { marks: library.getAllMarks(), now, tz: browserTimeZoneOffset(now) }
  }, [])
}

/** The dashboard's figures, live, with the number of highlights (discarded ones too). */
export function useLearningOverview(): LearningOverview & {
  highlightCount: number
  now: number
  tz: number
} {
  const { marks, now, tz } = useLearningCards()
  return useLibraryQuery(
    () => ({ ...learningOverview(marks, now, tz), highlightCount: marks.length, now, tz }),
    [marks],
  )
}
