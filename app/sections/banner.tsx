import type { CSSProperties } from "react";
import { Check } from "lucide-react";
import { useLandingContent } from "./landing-content";
import { usePagePath } from "../lib/page-language";
import { anchors, behaviour } from "../content/site";
import { Sachet } from "../illustrations/sachet";
import { OrangeSlice } from "../illustrations/orange-slice";

const zoom = { "--zoom-ms": `${behaviour.zoomAnimationMs}ms` } as CSSProperties;

/** The first screen: brand, main claim, the sachet and the way to buy. */
export function Banner() {
  const { banner } = useLandingContent();
  const home = usePagePath("home");
  return (
    <section className="banner" aria-labelledby="banner-heading">
      <div className="container banner__grid">
        <h1 id="banner-heading" className="banner__title">
          <span className="banner__brand">{banner.brandLine}</span> {banner.heading}
        </h1>
        <p className="lead banner__lead">{banner.lead}</p>
        <div className="banner__actions">
          <a href={`${home}#${anchors.buyNow}`} className="button banner__buy">
            {banner.buyLabel}
          </a>
          <a href={`${home}#${anchors.about}`} className="button button--outline">
            {banner.learnLabel}
          </a>
        </div>
        <ul className="banner__facts">
          {banner.facts.map((fact) => (
            <li key={fact}>
              <Check aria-hidden="true" size={18} strokeWidth={2.5} />
              {fact}
            </li>
          ))}
        </ul>
        <div className="banner__visual">
          <svg className="banner__glow" viewBox="0 0 200 200" width="200" height="200" aria-hidden="true">
            <circle cx="100" cy="100" r="96" fill="#fde1bd" />
            <circle cx="100" cy="100" r="74" fill="#fcd3a1" opacity="0.6" />
            <OrangeSlice cx={30} cy={150} r={17} />
            <OrangeSlice cx={176} cy={52} r={12} />
          </svg>
          <Sachet className="banner__sachet" title={banner.sachetAlt} style={zoom} />
        </div>
      </div>
    </section>
  );
}
