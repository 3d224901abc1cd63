import type { SocialName } from "../content/site";

/** Simplified brand glyphs, drawn for the footer (the icon set has no brand marks). */
const glyphs: Record<SocialName, React.ReactNode> = {
  Facebook: (
    <path d="M13.5 21v-7.2h2.4l.4-2.9h-2.8V9.1c0-.8.3-1.4 1.4-1.4h1.5V5.1c-.3 0-1.2-.1-2.2-.1-2.2 0-3.6 1.3-3.6 3.7v2.2H8.2v2.9h2.4V21z" />
  ),
  Instagram: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="4.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="12" cy="12" r="3.6" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="16.9" cy="7.1" r="1.1" />
    </>
  ),
  LinkedIn: (
    <>
      <rect x="4.2" y="9.4" width="3.2" height="10.2" rx=".4" />
      <circle cx="5.8" cy="6" r="1.9" />
      <path d="M10 9.4h3v1.5c.5-.9 1.7-1.8 3.4-1.8 3 0 3.6 2 3.6 4.5v6h-3.2v-5.3c0-1.3-.1-2.8-1.8-2.8s-2 1.3-2 2.7v5.4H10z" />
    </>
  ),
  "WhatsApp chat": (
    <>
      <path
        d="M12 3.6a8.3 8.3 0 0 0-7.2 12.5L3.7 20.4l4.4-1.1A8.3 8.3 0 1 0 12 3.6z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <path d="M9.3 7.9c-.2-.4-.4-.4-.6-.4h-.5c-.2 0-.5.1-.7.3-.3.3-.9.9-.9 2.1s.9 2.4 1 2.6c.1.2 1.8 2.8 4.4 3.8 2.2.9 2.6.7 3.1.6.5 0 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.2-.2-.5-.3l-1.7-.8c-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1-.3-.1-1.1-.4-2-1.3-.8-.7-1.3-1.5-1.4-1.8-.2-.3 0-.4.1-.5l.4-.4.3-.4v-.5z" />
    </>
  ),
};

export function SocialIcon({ name }: { name: SocialName }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="currentColor" aria-hidden="true" focusable="false">
      {glyphs[name]}
    </svg>
  );
}
