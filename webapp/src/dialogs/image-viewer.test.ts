import { createMark, MediaType, type Mark } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { imageMarksOf, imageNeighbours } from './image-viewer'

const NOW = Date.UTC(2026, 0, 1)
const image = (id: string): Mark =>
  createMark(
    {
      _id: id,
      _bookmark: 'b',
      url: 'https://e.org/',
      text: '',
      mediaType: MediaType.IMAGE,
      imageSrc: `https://e.org/${id}.png`,
    },
    NOW,
  )
const text = (id: string): Mark =>
  createMark({ _id: id, _bookmark: 'b', url: 'https://e.org/', text: 'words' }, NOW)

describe('image viewer order', () => {
  it('keeps only the image highlights, in order', () => {
    expect(imageMarksOf([image('a'), text('t'), image('b')]).map((mark) => mark._id)).toEqual([
      'a',
      'b',
    ])
  })

  it('gives the neighbours without wrapping', () => {
    const images = [image('a'), image('b'), image('c')]
    expect(imageNeighbours(images, 'a')).toEqual({ index: 0, next: 'b' })
    expect(imageNeighbours(images, 'b')).toEqual({ index: 1, previous: 'a', next: 'c' })
    expect(imageNeighbours(images, 'c')).toEqual({ index: 2, previous: 'b' })
    expect(imageNeighbours(images, 'x')).toEqual({ index: -1 })
  })
})
