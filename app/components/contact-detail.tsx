import { Mail, MapPin, Phone } from "lucide-react";
import { company } from "../content/site";
import { PostalAddress } from "./postal-address";

export type ContactKind = "phone" | "email" | "address";

/** The company's contact details, each with its icon, in the order given: in the footer and the privacy policy. */
export function ContactList({ className, kinds }: { className: string; kinds: readonly ContactKind[] }) {
  return (
    <ul className={className}>
      {kinds.map((kind) => (
        <li key={kind}>
          <ContactDetail kind={kind} />
        </li>
      ))}
    </ul>
  );
}

function ContactDetail({ kind }: { kind: ContactKind }) {
  switch (kind) {
    case "phone":
      return (
        <>
          <Phone aria-hidden="true" size={20} />
          <a href={`tel:${company.phone.tel}`}>{company.phone.display}</a>
        </>
      );
    case "email":
      return (
        <>
          <Mail aria-hidden="true" size={20} />
          <a href={`mailto:${company.email}`}>{company.email}</a>
        </>
      );
    case "address":
      return (
        <>
          <MapPin aria-hidden="true" size={20} />
          <PostalAddress />
        </>
      );
  }
}
