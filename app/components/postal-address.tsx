import { company, postalAddressLines } from "../content/site";

/** The company's postal address in Delhi, one line each, as in the footer and the policy. */
export function PostalAddress() {
  return (
    <address>
      {company.name}
      {postalAddressLines.map((line) => (
        <span key={line}>
          <br />
          {line}
        </span>
      ))}
    </address>
  );
}
