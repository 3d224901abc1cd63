import { useId } from "react";
import { footer } from "../content/site";

export function NewsletterForm() {
  const inputId = useId();
  return (
    <form className="newsletter-form" action="/api/subscribers" method="post" noValidate>
      <label htmlFor={inputId} className="visually-hidden">
        Your email address
      </label>
      <input
        id={inputId}
        className="newsletter-form__input"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder={footer.newsletter.placeholder}
        required
      />
      <button type="submit" className="button">
        {footer.newsletter.button}
      </button>
    </form>
  );
}
