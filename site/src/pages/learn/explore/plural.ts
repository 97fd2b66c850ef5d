/** "1 highlight", "2 highlights", "0 highlights". */
export function plural(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`
}
