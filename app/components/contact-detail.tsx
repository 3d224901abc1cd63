import { Mail, MapPin, Phone } from "lucide-react";
import { company } from "../content/site";
import { PostalAddress } from "./postal-address";

/** One of the company's contact details with its icon, as the footer and the privacy policy list them. */
export function ContactDetail({ kind }: { kind: "phone" | "email" | "address" }) {
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
