/**
 * The attribute that names, on a stylesheet the build put into a page, the link it was made from:
 * written by the build and the server's renderer (scripts/inline-styles.ts), read by the page
 * (app/lib/inlined-styles.ts).
 */
export const INLINED_FROM = "data-href";
