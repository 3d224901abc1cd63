import type { ReactNode } from "react";
import type { IslandName } from "./names";

/** An island's module: how its component is rendered again in the browser, from its props and its element. */
export interface IslandModule {
  render: (props: never, element: HTMLElement) => ReactNode;
}

/** Each island's code, a chunk of its own: a page fetches only the islands it holds. */
export const islandModules: Record<IslandName, () => Promise<IslandModule>> = {
  header: () => import("./header.island"),
  carousel: () => import("./carousel.island"),
  recipe: () => import("./recipe.island"),
  "read-more": () => import("./read-more.island"),
  "order-form": () => import("./order-form.island"),
  newsletter: () => import("./newsletter.island"),
};
