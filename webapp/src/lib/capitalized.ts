/** `text` with its first letter in upper case, for option labels made from names ('small'). */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
