/**
 * Where a buyer's WhatsApp message is filed, decided once (docs/whatsapp.md): on the buyer's open
 * enquiry, the most recent when they have several. No I/O: the store answers the buyer's
 * enquiries by their mobile (BuyerStore.enquiriesOfMobile), this decides.
 */
import { isOpen, type EnquiryStatus } from "../../domain/status";

/** The enquiry a WhatsApp message from a buyer is filed on; null when none of theirs is open. */
export function enquiryForWhatsApp(
  enquiries: readonly { id: string; receivedAt: string; status: EnquiryStatus }[],
): string | null {
  const open = enquiries
    .filter((enquiry) => isOpen(enquiry.status))
    .sort((a, b) => b.receivedAt.localeCompare(a.receivedAt) || b.id.localeCompare(a.id));
  return open[0]?.id ?? null;
}
