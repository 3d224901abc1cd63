// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * A stand-in for the browser's FontFace (happy-dom has none): each web face's load is settled by
 * the test, a face of the device's (`local(…)`) at once as `deviceFaces` says, and
 * `document.fonts` records when each face is put into use.
 */
class FakeFontFace {
  static made: FakeFontFace[] = [];
  status: "unloaded" | "loaded" | "error" = "unloaded";
  private settle!: { resolve: (face: FakeFontFace) => void; reject: (error: Error) => void };
  private readonly loading = new Promise<FakeFontFace>(
    (resolve, reject) => (this.settle = { resolve, reject }),
  );
  constructor(
    readonly family: string,
    source: string,
  ) {
    if (!source.startsWith("local(")) {
      FakeFontFace.made.push(this);
      return;
    }
    const found = source.includes("Bold") ? deviceFaces.bold : deviceFaces.regular;
    if (found) this.arrive();
    else this.fail();
  }
  load() {
    return this.loading;
  }
  arrive() {
    this.status = "loaded";
    this.settle.resolve(this);
  }
  fail() {
    this.status = "error";
    this.settle.reject(new Error("offline"));
  }
}

const added: string[] = [];
/** Which of Noto Sans Devanagari's faces the device has; by default neither. */
let deviceFaces: { regular: boolean; bold: boolean };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.resetModules();
  FakeFontFace.made = [];
  added.length = 0;
  deviceFaces = { regular: false, bold: false };
  vi.stubGlobal("FontFace", FakeFontFace);
  vi.stubGlobal("requestIdleCallback", (work: () => void) => setTimeout(work, 0));
  vi.stubGlobal("cancelIdleCallback", (handle: number) => clearTimeout(handle));
  Object.defineProperty(document, "fonts", {
    configurable: true,
    value: { add: (face: FakeFontFace) => added.push(face.family) },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("the pages' web fonts", () => {
  it("puts the Hindi pages' Devanagari face into use with the headings' font, at the same moment", async () => {
    const { loadDevanagariFont } = await import("./devanagari-font");
    const { loadDisplayFont } = await import("./display-font");
    // The route's effect runs before the layout's, as React runs a child's effects first.
    loadDevanagariFont();
    loadDisplayFont();
    await flush();
    const [fraunces, devanagari] = FakeFontFace.made;
    expect(FakeFontFace.made.map((face) => face.family)).toEqual(["Fraunces", "Noto Sans Devanagari Subset"]);

    devanagari?.arrive();
    await flush();
    expect(added).toEqual([]);

    fraunces?.arrive();
    await flush();
    expect(added).toEqual(["Fraunces", "Noto Sans Devanagari Subset"]);
  });

  it("still puts the arrived face into use when the other fails", async () => {
    const { loadDevanagariFont } = await import("./devanagari-font");
    const { loadDisplayFont, displayFontArrived } = await import("./display-font");
    loadDevanagariFont();
    loadDisplayFont();
    await flush();
    const [fraunces, devanagari] = FakeFontFace.made;
    fraunces?.fail();
    devanagari?.arrive();
    await flush();
    expect(added).toEqual(["Noto Sans Devanagari Subset"]);
    expect(displayFontArrived()).toBe(false);
  });

  it("fetches the Devanagari face on its own on a Hindi page reached after the headings' font arrived", async () => {
    const { loadDisplayFont, displayFontArrived } = await import("./display-font");
    loadDisplayFont();
    await flush();
    FakeFontFace.made[0]?.arrive();
    await flush();
    expect(displayFontArrived()).toBe(true);

    const { loadDevanagariFont } = await import("./devanagari-font");
    loadDevanagariFont();
    await flush();
    FakeFontFace.made[1]?.arrive();
    await flush();
    expect(added).toEqual(["Fraunces", "Noto Sans Devanagari Subset"]);
  });

  it("fetches no Devanagari face on a device that has Noto Sans Devanagari, regular and bold", async () => {
    deviceFaces = { regular: true, bold: true };
    const { loadDevanagariFont } = await import("./devanagari-font");
    const { loadDisplayFont, displayFontArrived } = await import("./display-font");
    loadDevanagariFont();
    loadDisplayFont();
    await flush();
    expect(FakeFontFace.made.map((face) => face.family)).toEqual(["Fraunces"]);
    FakeFontFace.made[0]?.arrive();
    await flush();
    expect(added).toEqual(["Fraunces"]);
    expect(displayFontArrived()).toBe(true);
  });

  it("fetches the Devanagari face on a device that has the regular but not the bold", async () => {
    deviceFaces = { regular: true, bold: false };
    const { loadDevanagariFont } = await import("./devanagari-font");
    const { loadDisplayFont } = await import("./display-font");
    loadDevanagariFont();
    loadDisplayFont();
    await flush();
    expect(FakeFontFace.made.map((face) => face.family)).toEqual(["Fraunces", "Noto Sans Devanagari Subset"]);
    for (const face of FakeFontFace.made) face.arrive();
    await flush();
    expect(added).toEqual(["Fraunces", "Noto Sans Devanagari Subset"]);
  });
});
