import type { ReactNode } from "react";

/** The eyebrow, heading and lead that open a section. */
export interface SectionIntro {
  eyebrow: string;
  heading: string;
  lead?: ReactNode;
  align?: "start" | "center";
}

/** The eyebrow, h2 and lead that open every landing-page section. */
export function SectionHeading({
  id,
  eyebrow,
  heading,
  lead,
  align = "start",
}: SectionIntro & { id: string }) {
  return (
    <div className={`section-heading section-heading--${align}`}>
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id}>{heading}</h2>
      {lead && <p className="lead">{lead}</p>}
    </div>
  );
}
