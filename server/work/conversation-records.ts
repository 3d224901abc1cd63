import type { ConversationAdapter, ConversationStore, ConversationSteps } from "../store/conversations";
import { stepsOf, type ChangeOf } from "../store/step-port";
import { onceMore } from "./once-more";

const step = stepsOf<ConversationSteps>();

/**
 * The conversation's own records, each change written once above the stores: Meta's status on a
 * WhatsApp message recorded only over one it replaces, and the mailbox reader's position moved
 * only forward under one UIDVALIDITY. Each reads, decides and writes in one transaction of the
 * store's; the store keeps the reads of the conversation itself.
 */
export function conversationStore(adapter: ConversationAdapter): ConversationStore {
  return {
    list: (enquiryId, page) => adapter.list(enquiryId, page),
    markRead: (enquiryId) => adapter.markRead(enquiryId),
    unreadCounts: (enquiryIds) => adapter.unreadCounts(enquiryIds),
    threadEnquiries: (thread) => adapter.threadEnquiries(thread),
    enquiriesByReference: (reference) => adapter.enquiriesByReference(reference),
    recordWhatsAppStatus: (messageRowId, delivery, replaces) =>
      onceMore(adapter, function* (): ChangeOf<ConversationSteps, boolean> {
        const current = yield* step("readWhatsAppStatus", { messageRowId });
        if (!current || !replaces.includes(current.status)) return false;
        yield* step("writeWhatsAppStatus", { messageRowId, delivery });
        return true;
      }),
    mailboxPosition: (mailbox) => adapter.run(() => step("readMailboxPosition", { mailbox })),
    saveMailboxPosition: (mailbox, position, at) =>
      adapter.run(function* (): ChangeOf<ConversationSteps, void> {
        const current = yield* step("readMailboxPosition", { mailbox });
        // Two readers at once leave the furthest; a new UIDVALIDITY numbers the mailbox again.
        const lastUid =
          current?.uidValidity === position.uidValidity
            ? Math.max(current.lastUid, position.lastUid)
            : position.lastUid;
        yield* step("writeMailboxPosition", {
          mailbox,
          position: { uidValidity: position.uidValidity, lastUid },
          at: at.toISOString(),
        });
      }),
  };
}
