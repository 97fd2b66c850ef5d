// JSON-LD objects for the learn pages (the layout escapes and embeds them): ItemList on indexes,
// HowTo on tutorials with steps, Article on the others. Addresses are absolute on the site origin.
import { siteConfig } from '../../app/site-config'

/** The absolute address of a site path. */
export function siteUrl(path: string): string {
  return new URL(path, siteConfig.siteOrigin).href
}

/** An ItemList of pages on this site. */
export function itemListData(
  name: string,
  items: readonly { name: string; path: string }[],
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      url: siteUrl(item.path),
    })),
  }
}

/** A HowTo when there are steps, else an Article. */
export function tutorialData(
  path: string,
  title: string,
  description: string,
  steps: readonly string[],
): Record<string, unknown> {
  const common = {
    '@context': 'https://schema.org',
    name: title,
    description,
    url: siteUrl(path),
    inLanguage: 'en',
  }
  if (steps.length === 0) {
    return { ...common, '@type': 'Article', headline: title }
  }
  return {
    ...common,
    '@type': 'HowTo',
    step: steps.map((text, index) => ({ '@type': 'HowToStep', position: index + 1, text })),
  }
}
