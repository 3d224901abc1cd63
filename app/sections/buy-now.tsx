import { BadgeCheck, Check } from "lucide-react";
import { OrderForm } from "../components/order-form";
import { buyNow } from "../content/landing";
import { anchors } from "../content/site";
import { Sachet } from "../illustrations/sachet";
import { Section, type SectionPlacement } from "../components/section";

/** Buy Now: a short summary of the product beside the order enquiry form. */
export function BuyNow({ tone }: SectionPlacement) {
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
          <OrderForm />
        </div>
      </div>
    </Section>
  );
}
