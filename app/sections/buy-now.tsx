import { BadgeCheck, Check } from "lucide-react";
import { FoodMark } from "../components/food-mark";
import { OrderForm } from "../components/order-form";
import { companyFacts } from "../lib/company-facts";
import { useLandingContent } from "./landing-content";
import { anchors } from "../content/site";
import { Sachet } from "../illustrations/sachet";
import { Section, type SectionPlacement } from "../components/section";

/**
 * Buy Now: a short summary of the product beside the order enquiry form, and below them the
 * declarations a buyer in India looks for (the veg / non-veg mark, MRP, unit price, net quantity,
 * maker, origin, best before, care, trade terms, delivery).
 */
export function BuyNow({ tone }: SectionPlacement) {
  const { buyNow, declarations, orderForm } = useLandingContent();
  return (
    <Section headingId="buy-heading" id={anchors.buyNow} intro={buyNow} tone={tone}>
      <div className="buy__grid">
        <aside className="buy__summary" aria-labelledby="buy-product">
          <Sachet className="buy__sachet" width={120} height={160} />
          <div>
            <h3 id="buy-product">{buyNow.productName}</h3>
            <ul className="buy__details">
              {buyNow.details.map((detail) => (
                <li key={detail}>
                  <Check aria-hidden="true" size={18} strokeWidth={2.5} />
                  {detail}
                </li>
              ))}
            </ul>
            <p className="buy__legal">
              <BadgeCheck aria-hidden="true" size={18} />
              <span>
                {buyNow.category}
                <br />
                {buyNow.licence}
              </span>
            </p>
          </div>
        </aside>
        <div className="buy__form" data-needs-script="">
          <OrderForm text={orderForm} />
        </div>
      </div>
      <section className="declarations" aria-labelledby="declarations-heading">
        <p className="eyebrow">{declarations.eyebrow}</p>
        <h3 id="declarations-heading" className="declarations__heading">
          {declarations.heading}
        </h3>
        <p className="declarations__lead">{declarations.lead}</p>
        <dl className="declarations__list">
          {declarations.items.map((item) => (
            <div key={item.key} className="declarations__item">
              <dt>{item.label}</dt>
              {item.key === "food-mark" ? (
                <dd className="declarations__mark">
                  <FoodMark mark={companyFacts.product.foodMark} label={item.value} />
                  {/* The symbol says it to a screen reader; the word is for the eye. */}
                  <span aria-hidden="true">{item.value}</span>
                </dd>
              ) : (
                <dd>{item.value}</dd>
              )}
            </div>
          ))}
        </dl>
      </section>
    </Section>
  );
}
