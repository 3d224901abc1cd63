/** Orders text by its code units, as SQLite and Firestore order it (not by locale). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
