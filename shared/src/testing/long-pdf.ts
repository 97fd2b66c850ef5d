// A long PDF made on the spot, for the PDF viewer's memory tests and benchmark (ADR 080): a
// thousand pages of real text are not among the fixtures, and no PDF library is in the tree. It
// writes the smallest well-formed PDF 1.4 that pdf.js reads without repairs: one catalog, one page
// tree, one standard font (Helvetica, not embedded), and per page a content stream of a few text
// lines, with a cross-reference table of exact byte offsets. Every page's text is different
// ("Page 17 of 1000 ..."), so a highlight's quote has one place only.

/** The text lines of page `index` (from 0) of a `total`-page document. */
export function longPdfPageLines(index: number, total: number): string[] {
  const number = index + 1
  return [
    `Page ${number} of ${total}: the long document for the viewer's memory test.`,
    `Paragraph ${number}a tells of river ${number * 7} and mountain ${number * 13}.`,
    `Paragraph ${number}b counts ${number * 3} lanterns along harbour ${number * 11}.`,
    `Paragraph ${number}c ends the page numbered ${number} with a quiet line.`,
  ]
}

function escapePdfText(text: string): string {
  return text.replace(/[\\()]/g, (character) => `\\${character}`)
}

/** A `total`-page PDF (US Letter), each page holding `longPdfPageLines`; ASCII bytes. */
export function longPdf(total: number): Uint8Array {
  if (!Number.isInteger(total) || total < 1) {
    throw new Error(`A PDF needs at least one page (asked for ${total})`)
  }
  const objects: string[] = []
  // 1: catalog, 2: page tree, 3: font; then per page a page object and its content stream.
  const pageObject = (index: number) => 4 + index * 2
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>'
  const kids = Array.from({ length: total }, (_, index) => `${pageObject(index)} 0 R`).join(' ')
  objects[2] = `<< /Type /Pages /Kids [${kids}] /Count ${total} >>`
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'
  for (let index = 0; index < total; index += 1) {
    const lines = longPdfPageLines(index, total)
    const stream = [
      'BT',
      '/F1 14 Tf',
      '18 TL',
      '72 720 Td',
      ...lines.map((line, at) => `${at === 0 ? '' : 'T* '}(${escapePdfText(line)}) Tj`),
      'ET',
    ].join('\n')
    objects[pageObject(index)] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ` +
      `/Resources << /Font << /F1 3 0 R >> >> /Contents ${pageObject(index) + 1} 0 R >>`
    objects[pageObject(index) + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`
  }
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  for (let number = 1; number < objects.length; number += 1) {
    offsets[number] = body.length
    body += `${number} 0 obj\n${objects[number]}\nendobj\n`
  }
  const xrefAt = body.length
  const entries = offsets
    .slice(1)
    .map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)
    .join('')
  body +=
    `xref\n0 ${objects.length}\n0000000000 65535 f \n${entries}` +
    `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`
  return new TextEncoder().encode(body)
}
