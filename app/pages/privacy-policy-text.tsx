/** The privacy policy's text, inside the page's <main> (see app/components/prerendered-text.tsx). */
import { ContactList } from "../components/contact-detail";
import type { PolicyBlock, PrivacyPolicyContent } from "../content/privacy-policy";
import { useSiteText } from "../lib/page-language";

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

/** The policy in one language; each language's module (privacy-policy-text.en/.hi) passes its own. */
export function PolicyText({ policy }: { policy: PrivacyPolicyContent }) {
  const text = useSiteText();
  return (
    <>
      <div className="policy__hero">
        <div className="container policy__narrow">
          <p className="eyebrow">{text.company.shortName}</p>
          <h1>{policy.heading}</h1>
          <p className="policy__updated">{policy.updated}</p>
          <p className="lead">{policy.intro}</p>
        </div>
      </div>
      <div className="container policy__narrow policy__layout">
        <nav className="policy__toc" aria-label={text.policy.tocLabel}>
          <p className="policy__toc-title">{text.policy.tocLabel}</p>
          <ol>
            {policy.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="policy__body">
          {policy.sections.map((section) => (
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
                <ContactList className="policy__contact" kinds={["address", "phone", "email"]} />
              ) : null}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
