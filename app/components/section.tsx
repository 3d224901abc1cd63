import type { ReactNode } from "react";
import { SectionHeading, type SectionIntro } from "./section-heading";

/** The landing page's sections alternate between these backgrounds, in page order. */
export type SectionTone = "white" | "beige";

/** The tone of the section at `index` among the sections below the banner: the first is white. */
export function toneAt(index: number): SectionTone {
  return index % 2 === 0 ? "white" : "beige";
}

/** What every section below the banner receives from the page that lists them. */
export interface SectionPlacement {
  tone: SectionTone;
}

interface SectionProps extends SectionPlacement {
  /** The id of the section's h2, which names the section for assistive technology. */
  headingId: string;
  intro: SectionIntro;
  /** The anchor the header's links lead to, for the sections that have one. */
  id?: string;
  className?: string;
  containerClassName?: string;
  /**
   * The section's content. By default the intro comes first; a section that sets its intro
   * elsewhere in its layout (beside an illustration, say) passes a function that places it.
   */
  children: ReactNode | ((intro: ReactNode) => ReactNode);
}

/** A full-width landing section: its background tone, the centred container, and its intro. */
export function Section({
  headingId,
  intro,
  tone,
  id,
  className,
  containerClassName,
  children,
}: SectionProps) {
  const heading = <SectionHeading id={headingId} {...intro} />;
  return (
    <section
      id={id}
      className={["section", `section--${tone}`, className].filter(Boolean).join(" ")}
      aria-labelledby={headingId}
    >
      <div className={containerClassName ? `container ${containerClassName}` : "container"}>
        {typeof children === "function" ? (
          children(heading)
        ) : (
          <>
            {heading}
            {children}
          </>
        )}
      </div>
    </section>
  );
}
