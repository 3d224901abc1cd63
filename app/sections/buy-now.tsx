import { BadgeCheck, Check } from "lucide-react";
import { OrderForm } from "../components/order-form";
import { buyNow } from "../content/landing";
import { anchors } from "../content/site";
import { Sachet } from "../illustrations/sachet";
import { SectionHeading } from "./section-heading";

/** Buy Now: a short summary of the product beside the order enquiry form. */
export function BuyNow() {
  return (
    <section id={anchors.buyNow} className="section section--beige" aria-labelledby="buy-heading">
      <div className="container">
        <SectionHeading
          id="buy-heading"
          eyebrow={buyNow.eyebrow}
          heading={buyNow.heading}
          lead={buyNow.lead}
        />
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
      </div>
    </section>
  );
}
