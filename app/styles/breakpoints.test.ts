import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { breakpointsPx } from "../content/site";

const appDir = join(import.meta.dirname, "..");
const stylesheets = readdirSync(appDir, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".css"))
  .map((file) => ({ file, css: readFileSync(join(appDir, file), "utf8") }));

/** The widths a stylesheet's media queries change at; `max-width: 567.98px` changes at 568. */
function widthsIn(css: string): number[] {
  return [...css.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].map(([, kind, value]) =>
    kind === "max" ? Math.round(Number(value) + 0.02) : Number(value),
  );
}

describe("the layout's breakpoints", () => {
  const named: number[] = Object.values(breakpointsPx);

  it("are the only widths any stylesheet's media queries use", () => {
    const unnamed = stylesheets.flatMap(({ file, css }) =>
      widthsIn(css)
        .filter((width) => !named.includes(width))
        .map((width) => `${relative(appDir, join(appDir, file))}: ${width}px`),
    );
    expect(stylesheets.length).toBeGreaterThan(10);
    expect(unnamed).toEqual([]);
  });

  it("give the carousels 2 slides from 568 px and 3 from 1024 px, as the specification says", () => {
    expect(breakpointsPx.twoColumns).toBe(568);
    expect(breakpointsPx.threeColumns).toBe(1024);
    const carousel = stylesheets.find(({ file }) => file.endsWith("components/carousel.css"))!;
    expect(widthsIn(carousel.css)).toEqual([breakpointsPx.twoColumns, breakpointsPx.threeColumns]);
  });
});
