// @vitest-environment jsdom
// Reading the notebook page's structure (ADR 083): the library list and the shown book's rows.
import { beforeEach, describe, expect, it } from 'vitest'
import {
  listNotebookBooks,
  nextPageToken,
  readShownAnnotations,
  shownAsin,
  toNotebookBook,
} from './notebook-page'

const PAGE = `
<div id="kp-notebook-library">
  <div id="B0TESTBK01" class="a-row kp-notebook-library-each-book">
    <span data-action="get-annotations-for-asin"><a href="javascript:void(0);">
      <img src="https://m.media-amazon.com/images/I/one.jpg" class="kp-notebook-cover-image" />
      <h2 class="kp-notebook-searchable">The Quiet   Lighthouse</h2>
      <p class="kp-notebook-searchable">By: Ada Marlowe</p>
    </a></span>
  </div>
  <div id="B0TESTBK02" class="a-row kp-notebook-library-each-book">
    <a href="#"><img src="http://insecure.example/two.jpg" /><h2>&lt;b&gt;Rivers&lt;/b&gt;</h2><p>Von: Jonas Ek</p></a>
  </div>
  <div id="not an asin" class="kp-notebook-library-each-book"><a><h2>Broken</h2></a></div>
</div>
<div id="annotation-section">
  <input type="hidden" id="kp-notebook-annotations-asin" value="B0TESTBK01" />
  <input type="hidden" class="kp-notebook-annotations-next-page-start" value="tok-2" />
  <div id="kp-notebook-annotations">
    <div id="A1" class="a-row">
      <input type="hidden" value="1,234" id="kp-annotation-location" />
      <span id="annotationHighlightHeader">Yellow highlight | Location:&nbsp;1,234</span>
      <div class="kp-notebook-highlight kp-notebook-highlight-yellow"><span id="highlight">First   words</span></div>
      <div class="kp-notebook-note"><span id="note-label">Note:</span><span id="note">A thought</span></div>
    </div>
    <div id="A2" class="a-row">
      <input type="hidden" value="" id="kp-annotation-location" />
      <span id="annotationHighlightHeader">Orange highlight | Page:&nbsp;17</span>
      <div class="kp-notebook-highlight kp-notebook-highlight-orange"><span id="highlight">Second</span></div>
      <div class="kp-notebook-note aok-hidden"><span id="note"></span></div>
    </div>
    <div id="A3" class="a-row">
      <span id="annotationNoteHeader">Note | Location:&nbsp;77</span>
      <div class="kp-notebook-note"><span id="note">A note alone</span></div>
    </div>
    <div id="empty" class="a-row"><span id="highlight"> </span></div>
  </div>
</div>`

beforeEach(() => {
  document.body.innerHTML = PAGE
})

describe('the notebook page', () => {
  it('lists the books with ASIN, title, author and an https cover only', () => {
    const books = listNotebookBooks()
    expect(books.map(({ element: _element, ...book }) => book)).toEqual([
      {
        asin: 'B0TESTBK01',
        title: 'The Quiet Lighthouse',
        author: 'Ada Marlowe',
        coverImageUrl: 'https://m.media-amazon.com/images/I/one.jpg',
      },
      // Text stays text: markup in a title is never parsed.
      { asin: 'B0TESTBK02', title: '<b>Rivers</b>', author: 'Jonas Ek' },
    ])
  })

  it('reads the shown book, its next page token and its annotations', () => {
    expect(shownAsin()).toBe('B0TESTBK01')
    expect(nextPageToken()).toBe('tok-2')
    expect(readShownAnnotations()).toEqual([
      { text: 'First words', note: 'A thought', color: 'yellow', location: 1234 },
      { text: 'Second', color: 'orange', page: '17' },
      { note: 'A note alone', location: 77 },
    ])
    const [first] = listNotebookBooks()
    expect(toNotebookBook(first!, [])).toEqual({
      asin: 'B0TESTBK01',
      title: 'The Quiet Lighthouse',
      author: 'Ada Marlowe',
      coverImageUrl: 'https://m.media-amazon.com/images/I/one.jpg',
      annotations: [],
    })
  })

  it('finds nothing on a page without a notebook', () => {
    document.body.innerHTML = '<p>Sign in</p>'
    expect(listNotebookBooks()).toEqual([])
    expect(shownAsin()).toBeUndefined()
    expect(nextPageToken()).toBeUndefined()
    expect(readShownAnnotations()).toEqual([])
  })
})
