import { render, type RenderOptions } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { siteText } from "../content/site.en";
import { PageLanguage } from "../lib/page-language";

function English({ children }: { children: ReactNode }) {
  return (
    <PageLanguage language="en" text={siteText}>
      {children}
    </PageLanguage>
  );
}

/** Renders a component of the pages as an English route does: inside its language. */
export function renderInEnglish(ui: ReactElement, options?: Omit<RenderOptions, "wrapper">) {
  return render(ui, { ...options, wrapper: English });
}
