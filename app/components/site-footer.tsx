import { anchors, product, social } from "../content/site";
import { usePagePath, useSiteText } from "../lib/page-language";
import { ContactList } from "./contact-detail";
import { NewsletterForm } from "./newsletter-form";
import { SocialIcon } from "./social-icons";
import "./site-footer.css";

export function SiteFooter() {
  const text = useSiteText();
  const footer = text.footer;
  const privacyPolicyPath = usePagePath("privacyPolicy");
  return (
    <footer className="site-footer">
      <div id={anchors.contact} className="site-footer__main container" tabIndex={-1}>
        <section className="site-footer__newsletter" aria-labelledby="newsletter-heading">
          {/* The product's full name in the page's language: "Collarise Collagen Peptide", «Collarise कोलेजन पेप्टाइड». */}
          <p className="site-footer__brand">
            {product.name} {text.header.subtitle}
          </p>
          <h2 id="newsletter-heading" className="site-footer__heading">
            {footer.newsletter.heading}
          </h2>
          <p className="site-footer__purpose">{footer.newsletter.purpose}</p>
          <NewsletterForm />
        </section>

        <section className="site-footer__contact" aria-labelledby="contact-heading">
          <h2 id="contact-heading" className="site-footer__heading">
            {footer.contactHeading}
          </h2>
          <ContactList className="site-footer__contact-list" kinds={["phone", "email", "address"]} />
          <ul className="site-footer__social" aria-label={footer.followUs}>
            {social.map((link) => (
              <li key={link.name}>
                <a
                  href={link.href}
                  className="site-footer__social-link"
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  <SocialIcon name={link.name} />
                  <span>{text.social[link.name]}</span>
                  <span className="visually-hidden"> {footer.opensInNewTab}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p>
            © {footer.copyrightYear} {text.company.name.replace(/\.$/, "")}. {footer.rights}
          </p>
          <p className="site-footer__legal">
            {footer.category} {footer.licence} {product.fssaiLicence}
          </p>
          <a href={privacyPolicyPath} className="site-footer__privacy">
            {footer.privacyLinkLabel}
          </a>
        </div>
      </div>
    </footer>
  );
}
