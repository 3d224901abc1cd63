import { Faq } from "../components/faq";
import { toneAt } from "../components/section";
import { About } from "./about";
import { Banner } from "./banner";
import { BuyNow } from "./buy-now";
import { ClinicalResults } from "./clinical-results";
import { Comparison } from "./comparison";
import { DailyDiet } from "./daily-diet";
import { Dosage } from "./dosage";
import { Gynaecology } from "./gynaecology";
import { Indications } from "./indications";
import { Orthopedics } from "./orthopedics";
import { PureGoodness } from "./pure-goodness";
import { WeAssureYou } from "./we-assure-you";
import { WhyItWorks } from "./why-it-works";

/**
 * The sections below the banner, in the specification's order. Their backgrounds alternate by
 * position, so reordering them keeps the striping.
 */
const sectionsBelowBanner = [
  About,
  WeAssureYou,
  Orthopedics,
  Indications,
  Dosage,
  Gynaecology,
  ClinicalResults,
  PureGoodness,
  WhyItWorks,
  Comparison,
  DailyDiet,
  BuyNow,
] as const;

/**
 * The landing page's sections, in the specification's order, then the buyer's questions. HTML only:
 * the parts that act are islands of their own (app/islands/).
 */
export function LandingSections() {
  return (
    <div className="landing-sections">
      <Banner />
      {sectionsBelowBanner.map((PageSection, index) => (
        // A fixed list: its order is its identity.
        <PageSection key={index} tone={toneAt(index)} />
      ))}
      <Faq />
    </div>
  );
}
