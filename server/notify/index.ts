import { PLACEHOLDER_FACTS, type CompanyFacts } from "../../domain/company-facts";
import { publicUrlOf, type Config } from "../config";
import type { NewsletterLinks } from "../newsletter/links";
import type { PaymentLinks } from "../documents/payment-links";
import type { StaffLinks } from "../admin/staff-links";
import { createEmailJsNotifier } from "./emailjs-notifier";
import type { Notifier } from "./notifier";
import { createSmtpNotifier } from "./smtp-notifier";

export type { Notifier } from "./notifier";

/** Chooses the notifier once from configuration: SMTP, EmailJS, or none (mail waits in the outbox). */
export function createNotifier(
  config: Config,
  links: NewsletterLinks,
  staffLinks?: StaffLinks,
  /** The company's facts in force, read for each mail (server/company/facts-cache.ts). */
  facts: () => Promise<CompanyFacts> = async () => PLACEHOLDER_FACTS,
  paymentLinks?: PaymentLinks,
): Notifier | undefined {
  const publicUrl = publicUrlOf(config);
  const timeoutMs = config.NOTIFY_TIMEOUT_SECONDS * 1_000;
  if (config.SMTP_URL && config.NOTIFY_TO) {
    return createSmtpNotifier({
      url: config.SMTP_URL,
      to: config.NOTIFY_TO,
      from: config.MAIL_FROM,
      timeoutMs,
      links,
      ...(staffLinks ? { staffLinks } : {}),
      publicUrl,
      facts,
      ...(paymentLinks ? { paymentLinks } : {}),
    });
  }
  if (
    config.EMAILJS_SERVICE_ID &&
    config.EMAILJS_TEMPLATE_ID &&
    config.EMAILJS_PUBLIC_KEY &&
    config.EMAILJS_PRIVATE_KEY
  ) {
    return createEmailJsNotifier({
      apiUrl: config.EMAILJS_API_URL,
      serviceId: config.EMAILJS_SERVICE_ID,
      templateId: config.EMAILJS_TEMPLATE_ID,
      publicKey: config.EMAILJS_PUBLIC_KEY,
      privateKey: config.EMAILJS_PRIVATE_KEY,
      to: config.NOTIFY_TO,
      timeoutMs,
    });
  }
  return undefined;
}
