// The anchors of the settings form's sections, the same in the web app and the extension's options
// page: the popup's "change the list of sites in the settings" opens `#blacklist`.

/** The id of each section of the settings form (a link's `#fragment`). */
export const SETTINGS_SECTION_IDS = {
  highlighting: 'highlighting',
  sidebar: 'sidebar',
  youtube: 'youtube',
  prompts: 'reminders',
  blacklist: 'blacklist',
} as const

/** The id of the field that adds a site to the blacklist (focused when the page opens at #blacklist). */
export const BLACKLIST_INPUT_ID = 'blacklist-new-entry'

/**
 * When the address names a section (`#blacklist`), scrolls to it and puts the keyboard there (its
 * first field), so a link to a section lands where it promised.
 */
export function focusSectionOfHash(hash: string = globalThis.location?.hash ?? ''): void {
  const id = decodeURIComponent(hash.replace(/^#/, ''))
  if (id === '' || !(Object.values(SETTINGS_SECTION_IDS) as string[]).includes(id)) {
    return
  }
  const section = document.getElementById(id)
  if (!section) {
    return
  }
  section.scrollIntoView({ block: 'start' })
  const target =
    id === SETTINGS_SECTION_IDS.blacklist
      ? document.getElementById(BLACKLIST_INPUT_ID)
      : section.querySelector<HTMLElement>('input, select, button')
  target?.focus({ preventScroll: true })
}
