import { describe, expect, it } from "vitest";
import {
  countsAsOwner,
  invitationsWithdrawn,
  leavesNoOwner,
  linkWithdrawal,
  mayInvite,
  mayOwnEnquiries,
} from "./staff";

const owner = { id: "o", role: "owner", invited: false } as const;
const invitedOwner = { id: "p", role: "owner", invited: true } as const;
const member = { id: "m", role: "member", invited: false } as const;
const invitedMember = { id: "i", role: "member", invited: true } as const;

describe("who counts for what among the staff", () => {
  it("counts as an owner, invites and owns enquiries only once a password is set", () => {
    expect([owner, invitedOwner, member, invitedMember].map(countsAsOwner)).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect([owner, invitedOwner, member, invitedMember].map(mayOwnEnquiries)).toEqual([
      true,
      false,
      true,
      false,
    ]);
    for (const role of ["owner", "member"] as const) {
      expect([owner, invitedOwner, member, null].map((sender) => mayInvite(sender, role))).toEqual([
        true,
        false,
        false,
        false,
      ]);
    }
  });

  it("keeps one owner who can sign in, whatever owners are only invited", () => {
    const staff = [owner, invitedOwner, member];
    expect(leavesNoOwner(staff, { id: "o", role: "member" })).toBe(true);
    expect(leavesNoOwner(staff, { id: "o", role: null })).toBe(true);
    expect(leavesNoOwner(staff, { id: "o", role: "owner" })).toBe(false);
    // Demoting or removing someone who does not count leaves the owner there.
    expect(leavesNoOwner(staff, { id: "p", role: null })).toBe(false);
    expect(leavesNoOwner(staff, { id: "m", role: null })).toBe(false);
    const two = [...staff, { id: "o2", role: "owner", invited: false } as const];
    expect(leavesNoOwner(two, { id: "o", role: "member" })).toBe(false);
  });

  it("lets a pending invitee in only on a link whose sender may still invite them", () => {
    const sent = { sentBy: "o", revokedAt: null };
    expect(linkWithdrawal({ account: invitedOwner, link: sent, sender: owner })).toBeNull();
    expect(linkWithdrawal({ account: invitedOwner, link: sent, sender: null })).toBe("withdrawn");
    expect(linkWithdrawal({ account: invitedMember, link: sent, sender: member })).toBe("withdrawn");
    expect(
      linkWithdrawal({
        account: invitedOwner,
        link: { ...sent, revokedAt: "2026-03-10T05:30:00Z" },
        sender: owner,
      }),
    ).toBe("withdrawn");
    expect(
      linkWithdrawal({ account: invitedMember, link: { sentBy: null, revokedAt: null }, sender: null }),
    ).toBe("untraced");
    // A reset to an active account lets nobody new in: its sender is not asked about.
    expect(
      linkWithdrawal({ account: member, link: { sentBy: null, revokedAt: null }, sender: null }),
    ).toBeNull();
    expect(linkWithdrawal({ account: member, link: sent, sender: null })).toBeNull();
  });

  it("withdraws every pending invitation of a removed sender, and those a demoted one may no longer send", () => {
    const pending = [
      { linkId: "a", role: "owner" },
      { linkId: "b", role: "member" },
    ] as const;
    expect(invitationsWithdrawn(null, pending)).toEqual(["a", "b"]);
    expect(invitationsWithdrawn({ role: "member", invited: false }, pending)).toEqual(["a", "b"]);
    expect(invitationsWithdrawn({ role: "owner", invited: false }, pending)).toEqual([]);
  });
});
