/** Every island, by the name its element carries (`data-island`): app/islands/islands.ts loads each. */
export const ISLAND_NAMES = [
  "header",
  "carousel",
  "recipe",
  "read-more",
  "order-form",
  "newsletter",
] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

/** The element that holds an island; `display: contents` in app.css, so it adds no box to the layout. */
export const ISLAND_ELEMENT = "collarise-island";

/** Set on an island's element once React has hydrated it and it answers the visitor. */
export const HYDRATED_ATTRIBUTE = "data-hydrated";
