/** The buyer's questions before the footer (see app/components/prerendered-text.tsx), with their FAQPage data. */
import type { FaqContent } from "../content/faq";

/** FAQPage data of schema.org for these answers; `<` is escaped so no text can close the script. */
export function faqStructuredData(faq: FaqContent): string {
  return JSON.stringify({
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faq.items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  }).replace(/</g, "\\u003c");
}

/**
 * Native disclosures: a question opens and closes by click, Enter or Space with no script, and a
 * screen reader hears each as a button with its state.
 */
export function FaqText({ faq }: { faq: FaqContent }) {
  return (
    <div className="container faq__inner">
      <div className="section-heading section-heading--start">
        <p className="eyebrow">{faq.eyebrow}</p>
        <h2 id="faq-heading">{faq.heading}</h2>
      </div>
      <div className="faq__list">
        {faq.items.map((item) => (
          <details key={item.id} id={item.id} className="faq__item">
            <summary className="faq__question">{item.question}</summary>
            <p className="faq__answer">{item.answer}</p>
          </details>
        ))}
      </div>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: faqStructuredData(faq) }} />
    </div>
  );
}
