import { PostalAddress } from "../components/postal-address";
import { Mail, MapPin, Phone } from "lucide-react";
import { company } from "../content/site";
import type { PolicyBlock, PrivacyPolicyContent } from "../content/privacy-policy";
import { useSiteText } from "../lib/page-language";
import { useScrollToLocation } from "../lib/use-scroll-to-location";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";
import "./privacy-policy-page.css";

function Block({ block }: { block: PolicyBlock }) {
  if (block.kind === "paragraph") return <p>{block.text}</p>;
  return (
    <ul className="policy__list">
      {block.items.map((item) => (
        <li key={item.text}>
          {item.lead ? <strong>{item.lead} </strong> : null}
          {item.text}
        </li>
      ))}
    </ul>
  );
}

/** The privacy policy in the language of the route that shows it (it passes `policy`). */
export function PrivacyPolicyPage({ policy: privacyPolicy }: { policy: PrivacyPolicyContent }) {
  useScrollToLocation();
  const text = useSiteText();
  return (
    <>
      <SiteHeader page="privacyPolicy" />
      <main id="main" tabIndex={-1} className="policy">
        <div className="policy__hero">
          <div className="container policy__narrow">
            <p className="eyebrow">{text.company.shortName}</p>
            <h1>{privacyPolicy.heading}</h1>
            <p className="policy__updated">{privacyPolicy.updated}</p>
            <p className="lead">{privacyPolicy.intro}</p>
          </div>
        </div>
        <div className="container policy__narrow policy__layout">
          <nav className="policy__toc" aria-label={text.policy.tocLabel}>
            <p className="policy__toc-title">{text.policy.tocLabel}</p>
            <ol>
              {privacyPolicy.sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="policy__body">
            {privacyPolicy.sections.map((section) => (
              <section
                key={section.id}
                id={section.id}
                className="policy__section"
                aria-labelledby={`${section.id}-heading`}
              >
                <h2 id={`${section.id}-heading`}>{section.heading}</h2>
                {section.blocks.map((block, blockIndex) => (
                  <Block key={blockIndex} block={block} />
                ))}
                {"contact" in section && section.contact ? (
                  <ul className="policy__contact">
                    <li>
                      <MapPin aria-hidden="true" size={20} />
                      <PostalAddress />
                    </li>
                    <li>
                      <Phone aria-hidden="true" size={20} />
                      <a href={`tel:${company.phone.tel}`}>{company.phone.display}</a>
                    </li>
                    <li>
                      <Mail aria-hidden="true" size={20} />
                      <a href={`mailto:${company.email}`}>{company.email}</a>
                    </li>
                  </ul>
                ) : null}
              </section>
            ))}
          </div>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
