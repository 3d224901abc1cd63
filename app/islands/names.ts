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

export { ISLAND_ELEMENT } from "../../domain/islands";

/** Set on an island's element once React has hydrated it and it answers the visitor. */
export const HYDRATED_ATTRIBUTE = "data-hydrated";
