// @vitest-environment happy-dom
import { act, cleanup, screen } from "@testing-library/react";
import { renderInEnglish as render } from "../test-support/render-in-english";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { faq } from "../content/faq";
import { LandingSections } from "../sections/landing-sections.en";
import { Section, toneAt } from "./section";

afterEach(cleanup);

/**
 * The sections' links are the router's: they render inside one, as on the page. Rendered afresh,
 * not from a prerendered page, the buyer's questions wait for their text's module.
 */
async function renderSections() {
  let rendered: ReturnType<typeof render> | undefined;
  await act(async () => {
    rendered = render(
      <MemoryRouter>
        <LandingSections />
      </MemoryRouter>,
    );
  });
  await screen.findByRole("heading", { level: 2, name: faq.heading });
  return rendered!;
}

describe("the landing page's sections", () => {
  it("alternate white and beige in page order, whatever the order of the list", async () => {
    const { container } = await renderSections();
    const tones = [...container.querySelectorAll<HTMLElement>("section.section")].map((section) =>
      section.classList.contains("section--white") ? "white" : "beige",
    );
    expect(tones).toHaveLength(12);
    expect(tones).toEqual(tones.map((_, index) => toneAt(index)));
    expect(tones.slice(0, 2)).toEqual(["white", "beige"]);
  });

  it("are each named by their own heading", async () => {
    const { container } = await renderSections();
    for (const section of container.querySelectorAll("section.section")) {
      const heading = container.querySelector(`[id="${section.getAttribute("aria-labelledby")}"]`);
      expect(heading?.tagName).toBe("H2");
      expect(section.contains(heading)).toBe(true);
    }
  });
});

describe("a section", () => {
  it("opens with its intro, or places it where its layout asks", () => {
    render(
      <>
        <Section headingId="first" tone="white" intro={{ eyebrow: "One", heading: "First", lead: "Lead" }}>
          <p>Body</p>
        </Section>
        <Section headingId="second" tone="beige" intro={{ eyebrow: "Two", heading: "Second" }}>
          {(intro) => (
            <div data-testid="column">
              {intro}
              <p>Beside</p>
            </div>
          )}
        </Section>
      </>,
    );
    const first = screen.getByRole("region", { name: "First" });
    expect(first.className).toBe("section section--white");
    expect(first.textContent).toBe("OneFirstLeadBody");
    expect(screen.getByTestId("column").querySelector("h2")?.textContent).toBe("Second");
    expect(screen.getByRole("region", { name: "Second" }).className).toBe("section section--beige");
  });
});
