import { Languages, Menu, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { type Language, LANGUAGES, type PageKey, pagePath } from "../../domain/contract";
import { anchors, breakpointsPx, navigation, product } from "../content/site";
import type { SiteText } from "../content/site.en";
import { languageSettings } from "../content/languages";
import { usePageLanguage } from "../lib/page-language";
import { Island } from "../islands/island";
import "./site-header.css";

/** Each navigation link's words, by its place in the specification's list. */
const NAVIGATION_LABELS = [
  "home",
  "about",
  "contactUs",
  "buyNow",
] as const satisfies readonly (keyof SiteText["navigation"])[];

/**
 * Where each navigation link points from the given page, in its language. On the privacy policy
 * the contact link stays on the page: the footer, with its contact part, is there too.
 */
function hrefFor(item: (typeof navigation)[number], page: PageKey, language: Language): string {
  if (page === "privacyPolicy" && item.target === anchors.contact)
    return `${pagePath("privacyPolicy", language)}#${anchors.contact}`;
  const home = pagePath("home", language);
  return item.target === "top" ? home : `${home}#${item.target}`;
}

/**
 * The link to this page in the other language, written in that language. The page's script
 * (app/islands/page.ts) makes it follow the fragment the visitor is at (links, Back and Forward, a
 * fragment typed in), so that `/#buy-now` leads to `/hi#buy-now`; React never writes its address
 * again. In the prerendered HTML and without script it leads to the top of the other page.
 */
function LanguageSwitch({ page }: { page: PageKey }) {
  const { language, text } = usePageLanguage();
  const other = LANGUAGES.find((candidate) => candidate !== language) ?? "en";
  return (
    <a
      className="site-nav__language"
      href={pagePath(page, other)}
      hrefLang={languageSettings[other].hreflang}
      lang={languageSettings[other].htmlLang}
      aria-label={text.header.switchName}
      suppressHydrationWarning
    >
      <Languages aria-hidden="true" size={18} />
      {text.header.switchLabel}
    </a>
  );
}

/** The header, an island hydrated when the browser is idle or at the visitor's first touch of it. */
export function SiteHeader({ page }: { page: PageKey }) {
  return (
    <Island name="header" props={{ page }} idleOnly>
      <SiteHeaderView page={page} />
    </Island>
  );
}

export function SiteHeaderView({ page }: { page: PageKey }) {
  const { language, text } = usePageLanguage();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const listId = "site-nav-list";

  const closeMenu = useCallback((returnFocus: boolean) => {
    setMenuOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeMenu(true);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (navRef.current && !navRef.current.contains(event.target as Node)) closeMenu(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [menuOpen, closeMenu]);

  // The menu belongs to narrow screens: widening the window closes it.
  useEffect(() => {
    const wide = window.matchMedia(`(min-width: ${breakpointsPx.desktopNav}px)`);
    const onChange = () => wide.matches && setMenuOpen(false);
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, []);

  return (
    // Past 200 px the page's script marks the header `data-scrolled="true"`, with or without React here.
    <header className="site-header" data-scrolled="false" suppressHydrationWarning>
      <div className="site-header__bar container">
        <a
          href={pagePath("home", language)}
          className="site-header__brand"
          // Named by the words it shows, then where it goes (WCAG 2.5.3, label in name).
          aria-label={`${product.name} ${text.header.subtitle}${text.header.homeSuffix}`}
        >
          <SachetMark />
          <span className="site-header__title">
            {product.name} <span className="site-header__subtitle">{text.header.subtitle}</span>
          </span>
        </a>
        <nav
          ref={navRef}
          className="site-nav"
          aria-label={text.header.navLabel}
          data-open={menuOpen ? "true" : "false"}
        >
          <button
            ref={toggleRef}
            type="button"
            className="site-nav__toggle"
            aria-expanded={menuOpen}
            aria-controls={listId}
            aria-label={menuOpen ? text.header.closeMenu : text.header.openMenu}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" size={26} /> : <Menu aria-hidden="true" size={26} />}
          </button>
          <ul id={listId} className="site-nav__list">
            {navigation.map((item, index) => (
              <li key={item.label}>
                <a
                  href={hrefFor(item, page, language)}
                  className={
                    item.target === anchors.buyNow ? "site-nav__link site-nav__link--cta" : "site-nav__link"
                  }
                  onClick={() => closeMenu(false)}
                >
                  {text.navigation[NAVIGATION_LABELS[index] ?? "home"]}
                </a>
              </li>
            ))}
          </ul>
          {/* Outside the folding list: beside the menu button on a phone, found without opening it. */}
          <LanguageSwitch page={page} />
        </nav>
      </div>
    </header>
  );
}

/** The brand's small sachet mark, drawn for the header. */
function SachetMark() {
  return (
    <svg className="site-header__mark" viewBox="0 0 32 40" width="26" height="32" aria-hidden="true">
      <path d="M4 3h24l-1.5 3 1.5 3v26l-1.5 3H5.5L4 35V9l1.5-3z" fill="#f28c28" />
      <path d="M4 9h24M4 35h24" stroke="#b4520c" strokeWidth="1.2" strokeDasharray="1.6 1.4" />
      <circle cx="16" cy="22" r="7" fill="#fbf6ef" />
      <circle cx="16" cy="22" r="4.6" fill="none" stroke="#e0741a" strokeWidth="1.4" />
      <path
        d="M16 17.4v9.2M11.4 22h9.2M12.8 18.8l6.4 6.4M19.2 18.8l-6.4 6.4"
        stroke="#e0741a"
        strokeWidth="0.9"
      />
    </svg>
  );
}
