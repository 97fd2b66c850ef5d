// The committed manifest is what the sources give: a changed or added screenshot without
// `npm run images -w site` fails here, not in a visitor's browser.
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { MANIFEST_PATH, manifestFromSources, manifestModuleText } from './pipeline/source-images'
import { IMAGE_MANIFEST } from './image-manifest'
import { SITE_IMAGE_NAMES } from './image-names'
import { variantWidths } from './image-variants'

describe('the image manifest', () => {
  it('matches the committed sources: sizes, hashes and variant widths', async () => {
    const fromSources = await manifestFromSources()
    expect(IMAGE_MANIFEST).toEqual(fromSources)
    expect(await readFile(MANIFEST_PATH, 'utf8')).toBe(manifestModuleText(fromSources))
  })

  it('has an entry for every image name, with the variant widths of its source width', () => {
    expect(Object.keys(IMAGE_MANIFEST).sort()).toEqual([...SITE_IMAGE_NAMES].sort())
    for (const name of SITE_IMAGE_NAMES) {
      expect(IMAGE_MANIFEST[name].widths).toEqual(variantWidths(IMAGE_MANIFEST[name].width))
    }
  })
})
