// Which image highlights the image viewer steps through: those of the same page as the one shown,
// in the order the page's notebook lists them, and the neighbours of the one shown (no wrap: the
// first has no previous, the last no next, as a row of pictures reads).
import { isImageMark, type Mark } from '@inkmark/shared'

/** The image highlights among `marks`, in their order. */
export function imageMarksOf(marks: readonly Mark[]): Mark[] {
  return marks.filter((mark) => isImageMark(mark))
}

/** The position of `markId` among `images`, and the ids before and after it. */
export function imageNeighbours(
  images: readonly Pick<Mark, '_id'>[],
  markId: string,
): { index: number; previous?: string; next?: string } {
  const index = images.findIndex((mark) => mark._id === markId)
  if (index < 0) {
    return { index }
  }
  return {
    index,
    ...(index > 0 ? { previous: images[index - 1]!._id } : {}),
    ...(index < images.length - 1 ? { next: images[index + 1]!._id } : {}),
  }
}
