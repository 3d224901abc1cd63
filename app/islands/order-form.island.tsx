import type { OrderFormText } from "../content/order-form";
import { OrderFormView } from "../components/order-form";

/** The order form, with its words in the page's language. */
export function render({ text }: { text: OrderFormText }) {
  return <OrderFormView text={text} />;
}
