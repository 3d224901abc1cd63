import { NewsletterFormView } from "../components/newsletter-form";

/** The footer's newsletter box. */
export function render() {
  return <NewsletterFormView />;
}
