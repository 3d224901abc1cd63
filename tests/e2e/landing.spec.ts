import type { Locator, Page } from "@playwright/test";
import {
  about,
  buyNow,
  clinicalResults,
  comparison,
  dailyDiet,
  dosage,
  gynaecology,
  indications,
  orthopedics,
  pureGoodness,
  weAssureYou,
  whyItWorks,
} from "../../app/content/landing";
import { faq } from "../../app/content/faq";
import { behaviour, product } from "../../app/content/site";
import {
  accessibilityViolations,
  expect,
  test,
  viewportOf,
  waitForPageHydration,
  waitForPageScript,
  widths,
} from "./support/fixtures";
import { orderFormText } from "../../app/content/order-form";
import { orderFormOf } from "./support/order-form";
import { atPageEnd, expectJustBelowHeader, gapBelowHeader } from "./support/scroll";

/** The h2 of each section, in the specification's order (the footer's own headings follow). */
const sectionHeadings = [
  about.heading,
  weAssureYou.heading,
  orthopedics.heading,
  indications.heading,
  dosage.heading,
  gynaecology.heading,
  clinicalResults.heading,
  pureGoodness.heading,
  whyItWorks.heading,
  comparison.heading,
  dailyDiet.heading,
  buyNow.heading,
];

/** The h2s of <main>: the specification's sections in its order, then the buyer's questions. */
const mainHeadings = [...sectionHeadings, faq.heading];

/**
 * Opens the landing page and waits until its sections answer clicks. Their script loads at the
 * visitor's first sign of use, here a move of the pointer.
 */
async function openLanding(page: Page, path = "/") {
  await page.goto(path);
  await waitForPageHydration(page);
  await waitForPageHydration(page);
}

function carousel(page: Page, name: string): Locator {
  return page.getByRole("region", { name });
}

/** Labels of the slides that lie wholly inside the carousel's visible window, left to right. */
function slidesInView(region: Locator): Promise<string[]> {
  return region.evaluate((element) => {
    const viewport = element.querySelector(".carousel__viewport")!.getBoundingClientRect();
    return [...element.querySelectorAll("[aria-roledescription='slide']")]
      .map((slide) => ({ box: slide.getBoundingClientRect(), label: slide.getAttribute("aria-label") ?? "" }))
      .filter(({ box }) => box.left >= viewport.left - 1 && box.right <= viewport.right + 1)
      .sort((a, b) => a.box.left - b.box.left)
      .map(({ label }) => label);
  });
}

async function firstSlideInView(region: Locator): Promise<string | undefined> {
  return (await slidesInView(region))[0];
}

/** The slide a rotation brings after `label` ("5 of 5" → "1 of 5"). */
function followingSlide(label: string): string {
  const [position, count] = label.split(" of ").map(Number) as [number, number];
  return `${(position % count) + 1} of ${count}`;
}

/** Brings the carousel on screen, waits for its engine, and moves the pointer away from it. */
async function showCarousel(page: Page, region: Locator) {
  await region.scrollIntoViewIfNeeded();
  await expect(region).toHaveAttribute("data-engine", "ready");
  await page.mouse.move(1, 1);
}

/** The slide at the start of the carousel's window once it has come to rest; undefined while it moves. */
function slideAtRest(region: Locator): Promise<string | undefined> {
  return region.evaluate((element) => {
    const start = element.querySelector(".carousel__viewport")!.getBoundingClientRect().left;
    const slide = [...element.querySelectorAll("[aria-roledescription='slide']")].find(
      (each) => Math.abs(each.getBoundingClientRect().left - start) <= 1,
    );
    return slide?.getAttribute("aria-label") ?? undefined;
  });
}

/** The slides' live region: polite while the carousel stands still, off while it rotates. */
function liveSlides(region: Locator): Locator {
  return region.locator(".carousel__track");
}

/**
 * Stops the page's clock, which has kept time with the machine's since `clock.install()`: from here
 * a carousel moves only as far as the test moves the clock, however slowly the machine runs.
 */
async function holdClock(page: Page) {
  // Ahead of the page's time, which runs on until the pause arrives; a timer due before then fires once.
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 60_000);
}

/** Runs the held clock on in steps shorter than a rotation until the carousel rests on another slide. */
async function slideAfter(page: Page, region: Locator, shown: string): Promise<string> {
  let next: string | undefined;
  await expect
    .poll(
      async () => {
        await page.clock.runFor(behaviour.carouselAutoplayMs / 3);
        next = await slideAtRest(region);
        return next !== undefined && next !== shown;
      },
      { message: `the carousel moves on from ${shown}`, timeout: 20_000 },
    )
    .toBe(true);
  return next!;
}

/**
 * Runs the held clock on by a rotation's time, so that a slide already on its way (its move asked
 * for, not yet begun) arrives, and answers the slide the carousel rests on.
 */
async function restingSlide(page: Page, region: Locator): Promise<string> {
  await page.clock.runFor(behaviour.carouselAutoplayMs);
  const shown = await slideAtRest(region);
  expect(shown, "the carousel is at rest").toBeDefined();
  return shown!;
}

/** Runs the held clock on for several rotations' time: a carousel that should stand still has had every chance to move. */
async function runForRotations(page: Page) {
  await page.clock.runFor(4 * behaviour.carouselAutoplayMs);
}

function decodeEntities(html: string): string {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

test.describe("the landing page at 1280 px", () => {
  test.use({ viewport: viewportOf(widths.desktop) });

  test("has one h1 in the banner and the sections in the specification's order, each under its h2", async ({
    page,
  }) => {
    await openLanding(page);
    const h1 = page.getByRole("heading", { level: 1 });
    await expect(h1).toHaveCount(1);
    await expect(h1).toContainText(product.mainClaim);
    await expect(page.locator(".banner").getByRole("link", { name: "Buy Now" })).toHaveAttribute(
      "href",
      "/#buy-now",
    );
    await expect(page.locator("main h2")).toHaveText(mainHeadings);
    await expect(page.locator("main > * > section#about")).toHaveCount(1);
    await expect(page.locator("main section#buy-now")).toContainText(buyNow.heading);
  });

  test("the prerendered HTML holds the page's text before any script runs", async ({ request }) => {
    const response = await request.get("/");
    expect(response.ok()).toBe(true);
    const html = decodeEntities(await response.text());
    const texts = [
      product.mainClaim,
      ...sectionHeadings,
      ...about.blocks.flatMap((block) => block.points),
      ...orthopedics.cards.map((card) => card.title),
      ...gynaecology.cards.map((card) => card.text),
      ...indications.cards.map((card) => card.title),
      ...clinicalResults.cards.map((card) => card.after),
      ...pureGoodness.marks.map((mark) => mark.title),
      ...whyItWorks.more.map((point) => point.text),
      ...comparison.rows.map((row) => row.theirs),
      ...dailyDiet.recipes.flatMap((recipe) => [...recipe.ingredients, ...recipe.steps]),
      dosage.note,
      product.category,
      product.fssaiLicence,
    ];
    for (const text of texts) expect(html, text).toContain(text);
  });

  test("shows the claims, the physician's note, the free-from marks, the licence and 'Not for medicinal use'", async ({
    page,
  }) => {
    await openLanding(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(`${product.sachet} sachet`).first()).toBeVisible();
    await expect(page.getByText(dosage.note)).toBeVisible();
    await expect(page.getByText(product.category).first()).toBeVisible();
    await expect(page.getByText(product.category).first()).toHaveText(/Not for medicinal use/);
    await expect(page.getByText(`FSSAI licence no. ${product.fssaiLicence}`).first()).toBeVisible();
    const marks = page.getByRole("region", { name: pureGoodness.heading }).getByRole("listitem");
    await expect(marks).toHaveText(pureGoodness.marks.map((mark) => mark.title));
    await expect(page.getByRole("cell", { name: product.mainClaim })).toBeVisible();
  });

  test("the comparison table has a caption, a header row and five body rows", async ({ page }) => {
    await openLanding(page);
    const table = page.getByRole("table", { name: comparison.caption });
    await expect(table.locator("caption")).toHaveText(comparison.caption);
    await expect(table.locator("thead tr")).toHaveCount(1);
    await expect(table.getByRole("columnheader")).toHaveText([...comparison.columns]);
    await expect(table.locator("tbody tr")).toHaveCount(5);
    await expect(table.getByRole("rowheader")).toHaveText(comparison.rows.map((row) => row.feature));
  });

  test("Read More opens and closes its panel, with aria-expanded telling which", async ({ page }) => {
    await openLanding(page);
    const button = page.getByRole("button", { name: whyItWorks.readMore });
    const firstPoint = page.getByRole("heading", { name: whyItWorks.more[0]!.title });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(firstPoint).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(firstPoint).toBeVisible();
    await expect(page.getByText(whyItWorks.more[2]!.text)).toBeVisible();

    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(firstPoint).toBeHidden();
  });

  test("each recipe opens in a dialog that Close and Escape shut, giving focus back to its button", async ({
    page,
  }) => {
    await openLanding(page);
    for (const recipe of dailyDiet.recipes) {
      const opener = page.getByRole("button", { name: new RegExp(`Recipe.*${recipe.title}`) });
      const dialog = page.getByRole("dialog", { name: recipe.title });
      await expect(dialog).toBeHidden();

      await opener.click();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("listitem").filter({ hasText: recipe.ingredients[1]! })).toBeVisible();
      await expect(dialog.getByText(recipe.steps[0]!)).toBeVisible();
      await dialog.getByRole("button", { name: dailyDiet.closeLabel }).click();
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();

      await opener.click();
      await expect(dialog).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    }
  });

  test("the banner's sachet zooms in once, for 2 s", async ({ page }) => {
    await page.goto("/");
    const timing = await page
      .getByRole("img", { name: /sachet/ })
      .first()
      .evaluate((sachet) =>
        sachet.getAnimations().map((animation) => {
          const { duration, iterations } = (animation.effect as KeyframeEffect).getTiming();
          return { duration, iterations };
        }),
      );
    expect(timing).toEqual([{ duration: 2000, iterations: 1 }]);
  });

  test("for reduced motion the sachet does not zoom", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const animations = await page
      .getByRole("img", { name: /sachet/ })
      .first()
      .evaluate((sachet) => sachet.getAnimations().length);
    expect(animations).toBe(0);
  });
});

test.describe("the page's scripts", () => {
  test.use({ viewport: viewportOf(widths.mobile) });

  test("are the page's own and its islands' only: no router, no script for the text sections", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await waitForPageHydration(page);
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => !path.startsWith("/assets/islands/"))).toEqual([]);
    // The text sections' and the router's chunks of the prerender are never fetched.
    expect(scripts.filter((path) => /landing-sections|entry\.client|framework|manifest/.test(path))).toEqual(
      [],
    );
    // Each part that acts hydrated: the header, two carousels, Read More, three recipes, both forms.
    await expect(page.locator("collarise-island[data-hydrated='true']")).toHaveCount(9);
  });

  for (const [where, link] of [
    [
      "the header's",
      (page: Page) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Buy Now" }),
    ],
    ["the banner's", (page: Page) => page.locator(".banner").getByRole("link", { name: "Buy Now" })],
  ] as const) {
    test(`${where} Buy Now, followed while React is still on its way, lands on the form`, async ({
      page,
    }) => {
      await page.setViewportSize(viewportOf(widths.desktop));
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/islands\/hydrate-[\w-]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await page.goto("/");
      await waitForPageScript(page);
      await link(page).click();
      await expect(page).toHaveURL(/#buy-now$/);
      await expectJustBelowHeader(page, "#buy-now");
      await expect(page.locator("main h2")).toHaveText(mainHeadings);
      await expect(page.locator("collarise-island[data-hydrated]")).toHaveCount(0);
      release();
      await waitForPageHydration(page);
      await expect(page.locator("main h2")).toHaveText(mainHeadings);
    });
  }

  test("what is typed into the order form before its island has hydrated is kept, and sent by it", async ({
    page,
  }) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/islands\/order-form\.island-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/#buy-now");
    await waitForPageScript(page);
    const form = orderFormOf(page);
    await form.name.pressSequentially("Asha Verma");
    await form.email.fill("asha@example.com");
    await form.buyerType.selectOption("Retailer");
    await expect(page.locator("collarise-island[data-island='order-form']")).not.toHaveAttribute(
      "data-hydrated",
    );
    release();
    await expect(page.locator("collarise-island[data-island='order-form']")).toHaveAttribute(
      "data-hydrated",
      "true",
    );
    await expect(form.name).toHaveValue("Asha Verma");
    await expect(form.email).toHaveValue("asha@example.com");
    await expect(form.buyerType).toHaveValue("Retailer");
    // The island checks what was typed before it came: the mobile number is missing, said beside its field.
    await form.placeOrder.click();
    await expect(form.mobile).toBeFocused();
    await expect(form.mobile).toHaveAccessibleDescription(orderFormText.messages.missing);
    await expect(page).toHaveURL(/\/#buy-now$/);
  });

  test("a carousel's first swipe moves it before React has come", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.route(/\/assets\/islands\/hydrate-[\w-]+\.js$/, () => {
      // Never answered: the carousel stays the served HTML.
    });
    await page.goto("/");
    await waitForPageScript(page);
    const region = carousel(page, orthopedics.carouselLabel);
    await region.scrollIntoViewIfNeeded();
    const viewport = region.locator(".carousel__viewport");
    const box = (await viewport.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(box.width * 0.6, 0);
    await expect.poll(() => firstSlideInView(region)).toBe("2 of 5");
    await expect(page.locator("collarise-island[data-hydrated]")).toHaveCount(0);
  });

  test("none is needed to read the page and reach the order form", async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: viewportOf(widths.mobile),
    });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("main h2")).toHaveText(mainHeadings);
    await expect(page.getByRole("group", { name: "1 of 5" }).first()).toBeVisible();
    await page.locator(".banner").getByRole("link", { name: "Buy Now" }).click();
    await expect(page).toHaveURL(/#buy-now$/);
    await expect(page.getByRole("heading", { name: buyNow.heading, level: 2 })).toBeInViewport();
    await context.close();
  });
});

test.describe("the carousels", () => {
  test.use({ viewport: viewportOf(widths.desktop) });

  test("both follow the carousel pattern: a named carousel, a rotation control first, five labelled slides", async ({
    page,
  }) => {
    await openLanding(page);
    for (const [name, cards] of [
      [orthopedics.carouselLabel, orthopedics.cards],
      [gynaecology.carouselLabel, gynaecology.cards],
    ] as const) {
      const region = carousel(page, name);
      await expect(region).toHaveAttribute("aria-roledescription", "carousel");
      await expect(region.locator("[aria-roledescription='slide']")).toHaveCount(5);
      for (const [index, card] of cards.entries()) {
        const slide = region.getByRole("group", { name: `${index + 1} of 5`, exact: true });
        await expect(slide).toContainText(card.title);
      }
      const buttons = region.getByRole("button");
      await expect(buttons.first()).toHaveAccessibleName("Pause slide show");
      await expect(buttons.nth(1)).toHaveAccessibleName("Previous slide");
      await expect(buttons.nth(2)).toHaveAccessibleName("Next slide");
    }
  });

  test("advance on their own, one slide at a time, looping past the last", async ({ page }) => {
    // Five rotations, each a few steps of the clock: round trips to the page, slow on a loaded machine.
    test.slow();
    await page.clock.install();
    await openLanding(page);
    const region = carousel(page, orthopedics.carouselLabel);
    await showCarousel(page, region);
    await holdClock(page);
    let shown = "1 of 5";
    for (const next of ["2 of 5", "3 of 5", "4 of 5", "5 of 5", "1 of 5"]) {
      shown = await slideAfter(page, region, shown);
      expect(shown).toBe(next);
    }
  });

  test("the pause button stops the rotation and the play button starts it again", async ({ page }) => {
    await page.clock.install();
    await openLanding(page);
    const region = carousel(page, gynaecology.carouselLabel);
    await showCarousel(page, region);
    await holdClock(page);
    expect(await slideAfter(page, region, "1 of 5")).toBe("2 of 5");

    await region.getByRole("button", { name: "Pause slide show" }).click();
    await page.mouse.move(1, 1);
    await expect(region.getByRole("button", { name: "Play slide show" })).toBeVisible();
    await expect(liveSlides(region)).toHaveAttribute("aria-live", "polite");
    await runForRotations(page);
    expect(await slideAtRest(region)).toBe("2 of 5");

    await region.getByRole("button", { name: "Play slide show" }).click();
    await page.mouse.move(1, 1);
    await expect(liveSlides(region)).toHaveAttribute("aria-live", "off");
    expect(await slideAfter(page, region, "2 of 5")).toBe("3 of 5");
  });

  test("rotation stops while the pointer rests on the carousel", async ({ page }) => {
    await page.clock.install();
    await openLanding(page);
    const region = carousel(page, orthopedics.carouselLabel);
    await showCarousel(page, region);
    await holdClock(page);
    await region.locator(".carousel__viewport").hover();
    await expect(liveSlides(region)).toHaveAttribute("aria-live", "polite");
    const resting = await restingSlide(page, region);
    await runForRotations(page);
    expect(await slideAtRest(region)).toBe(resting);

    await page.mouse.move(1, 1);
    await expect(liveSlides(region)).toHaveAttribute("aria-live", "off");
    expect(await slideAfter(page, region, resting)).toBe(followingSlide(resting));
  });

  test("rotation stops while keyboard focus is inside the carousel", async ({ page }) => {
    await page.clock.install();
    await openLanding(page);
    const region = carousel(page, orthopedics.carouselLabel);
    await showCarousel(page, region);
    await holdClock(page);
    await region.getByRole("button", { name: "Next slide" }).focus();
    await expect(liveSlides(region)).toHaveAttribute("aria-live", "polite");
    const resting = await restingSlide(page, region);
    await runForRotations(page);
    expect(await slideAtRest(region)).toBe(resting);

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect(liveSlides(region)).toHaveAttribute("aria-live", "off");
    expect(await slideAfter(page, region, resting)).toBe(followingSlide(resting));
  });

  test("for visitors who prefer reduced motion they stay still until asked", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await openLanding(page);
    for (const name of [orthopedics.carouselLabel, gynaecology.carouselLabel]) {
      const region = carousel(page, name);
      await showCarousel(page, region);
      await expect(region.getByRole("button", { name: "Play slide show" })).toBeVisible();
      await runForRotations(page);
      expect(await slideAtRest(region)).toBe("1 of 5");
    }
  });

  test("the next and previous buttons move one slide, looping at either end", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openLanding(page);
    const region = carousel(page, gynaecology.carouselLabel);
    await showCarousel(page, region);
    const next = region.getByRole("button", { name: "Next slide" });
    const previous = region.getByRole("button", { name: "Previous slide" });
    await next.click();
    await expect.poll(() => firstSlideInView(region)).toBe("2 of 5");
    await previous.click();
    await expect.poll(() => firstSlideInView(region)).toBe("1 of 5");
    await previous.click();
    await expect.poll(() => firstSlideInView(region)).toBe("5 of 5");
  });
});

for (const [width, perView] of [
  [widths.mobile, 1],
  [widths.tablet, 2],
  [widths.desktop, 3],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: viewportOf(width) });

    test(`each carousel shows ${perView} whole slide${perView > 1 ? "s" : ""} at a time`, async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await openLanding(page);
      for (const name of [orthopedics.carouselLabel, gynaecology.carouselLabel]) {
        const region = carousel(page, name);
        await showCarousel(page, region);
        expect(await slidesInView(region)).toEqual(["1 of 5", "2 of 5", "3 of 5"].slice(0, perView));
      }
    });
  });
}

test.describe("on a phone (375 px)", () => {
  test.use({ viewport: viewportOf(widths.mobile) });

  test("the first screen shows the brand, the product, its main claim and a way to buy", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: new RegExp(`${product.fullName}, home`) })).toBeInViewport();
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("img", { name: /sachet/ }).first()).toBeInViewport({ ratio: 1 });
    await expect(page.locator(".banner").getByRole("link", { name: "Buy Now" })).toBeInViewport({ ratio: 1 });
  });

  test("nothing is wider than the screen", async ({ page }) => {
    await openLanding(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });

  test("a slide can be swiped to the next one", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openLanding(page);
    const region = carousel(page, orthopedics.carouselLabel);
    await showCarousel(page, region);
    const box = (await region.locator(".carousel__viewport").boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.1, y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => firstSlideInView(region)).toBe("2 of 5");
  });
});

for (const width of [widths.mobile, widths.desktop]) {
  test.describe(`header links at ${width} px`, () => {
    test.use({ viewport: viewportOf(width) });

    test("About, Buy Now and Contact Us scroll their part to just below the header; Home goes back to the top", async ({
      page,
    }) => {
      await openLanding(page);
      const nav = page.getByRole("navigation", { name: "Main" });
      const toggle = page.getByRole("button", { name: "Open menu" });
      const follow = async (label: string) => {
        if (await toggle.isVisible()) await toggle.click();
        await nav.getByRole("link", { name: label, exact: true }).click();
      };
      for (const [label, selector] of [
        ["About", "#about"],
        ["Buy Now", "#buy-now"],
        ["Contact Us", "#contact"],
      ] as const) {
        await follow(label);
        await expect(page).toHaveURL(new RegExp(`${selector}$`));
        // The footer is shorter than the screen: the page ends before its top reaches the header.
        await expect
          .poll(
            async () => {
              const gap = await gapBelowHeader(page, selector);
              return gap >= 0 && (gap <= 24 || (selector === "#contact" && (await atPageEnd(page))));
            },
            { message: `${label} lands just below the header` },
          )
          .toBe(true);
      }
      await follow("Home");
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    });

    test("loading /#buy-now scrolls to the order form", async ({ page }) => {
      await openLanding(page, "/#buy-now");
      await expectJustBelowHeader(page, "#buy-now");
      await expect(page.getByRole("heading", { name: buyNow.heading, level: 2 })).toBeInViewport();
    });

    test("axe finds no accessibility violations, with the page scrolled through and with a recipe open", async ({
      page,
    }) => {
      await openLanding(page);
      // Scroll through the page so that the parts which load on approach have loaded.
      for (const name of [orthopedics.carouselLabel, gynaecology.carouselLabel]) {
        await showCarousel(page, carousel(page, name));
      }
      await page.locator("footer").scrollIntoViewIfNeeded();
      expect(await accessibilityViolations(page)).toEqual([]);

      const recipe = dailyDiet.recipes[0]!;
      await page.getByRole("button", { name: new RegExp(`Recipe.*${recipe.title}`) }).click();
      await expect(page.getByRole("dialog", { name: recipe.title })).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  });
}
