import { MessageCircle } from "lucide-react";
import { useId, useState } from "react";
import type { Language } from "../../domain/contract";
import { mergeTemplate, type MergeEnquiry } from "../../domain/templates";
import { languageLabels, templatesText, whatsAppLink } from "../content";
import { useTemplates } from "./TemplatePicker";

/**
 * The enquiry page's WhatsApp button: it offers the WhatsApp templates in the visitor's language,
 * each a link that opens the chat with the template merged in (the buyer greeted by name, the
 * reference, the quantity…), or the chat without a message. Opening the chat counts as contact
 * (`onContact`), as the Call button does.
 */
export function WhatsAppButton({
  enquiry,
  onContact,
}: {
  enquiry: MergeEnquiry & { Mobile: string; language: Language };
  onContact: () => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { templates, facts, error } = useTemplates("whatsapp", enquiry.language);
  const opened = () => {
    setOpen(false);
    onContact();
  };
  return (
    <>
      <button
        type="button"
        className="button contact"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
      >
        <MessageCircle aria-hidden="true" size={20} />
        WhatsApp
      </button>
      <div
        id={panelId}
        className="whatsapp-choices card"
        hidden={!open}
        role="group"
        aria-label={templatesText.whatsAppChoose}
      >
        <p className="whatsapp-choices-heading">{templatesText.whatsAppChoose}</p>
        {error && <p className="notice error">{error}</p>}
        {templates?.length === 0 && (
          <p className="hint">{templatesText.noneInLanguage(languageLabels[enquiry.language])}</p>
        )}
        <ul>
          {templates?.map((template) => {
            const { body } = mergeTemplate(template, enquiry, facts ?? undefined);
            return (
              <li key={template.id}>
                <a
                  href={whatsAppLink(enquiry.Mobile, body)}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={opened}
                  aria-describedby={`${panelId}-${template.id}`}
                >
                  {template.name}
                </a>
                <span id={`${panelId}-${template.id}`} className="whatsapp-preview" lang={template.language}>
                  {body}
                </span>
              </li>
            );
          })}
          <li>
            <a href={whatsAppLink(enquiry.Mobile)} target="_blank" rel="noopener noreferrer" onClick={opened}>
              {templatesText.whatsAppBlank}
            </a>
          </li>
        </ul>
      </div>
    </>
  );
}
