import { useSiteText } from "../lib/page-language";

/** The company's postal address in Delhi, one line each, as in the footer and the policy. */
export function PostalAddress() {
  const { company } = useSiteText();
  return (
    <address>
      {company.name}
      {company.addressLines.map((line) => (
        <span key={line}>
          <br />
          {line}
        </span>
      ))}
    </address>
  );
}
