import { expect, test } from "vitest";
import { untouchedWork } from "../../../domain/work-state";
import { SPAM_OWNER, workFields, workStateOf } from "./work-record";

test("the team's work is written as the plan gives it: an enquiry that is not work holds the views' marker and keeps its owner apart", () => {
  const work = { ...untouchedWork(), ownerId: "s-asha" };
  expect(workFields(work)).toMatchObject({ ownerId: "s-asha", heldOwnerId: null, teamWork: true });
  // The flag, not the status, says where the owner goes: the codec asks nothing of the status.
  const notWork = { ...work, status: "Spam" as const, teamWork: false };
  expect(workFields(notWork)).toMatchObject({ ownerId: SPAM_OWNER, heldOwnerId: "s-asha", teamWork: false });
  expect(workStateOf(workFields(notWork))).toEqual(notWork);
  expect(workStateOf(workFields(work))).toEqual(work);
});

test("a document written before the flag was kept reads as its status made it then, its owner from where that build put it", () => {
  const before = (fields: Record<string, unknown>) => ({ version: 1, ...fields });
  expect(workStateOf(before({ status: "Spam", ownerId: SPAM_OWNER, heldOwnerId: "s-asha" }))).toMatchObject({
    teamWork: false,
    ownerId: "s-asha",
  });
  expect(workStateOf(before({ status: "Duplicate", ownerId: SPAM_OWNER, heldOwnerId: null }))).toMatchObject({
    teamWork: false,
    ownerId: null,
  });
  expect(workStateOf(before({ status: "Contacted", ownerId: "s-asha", heldOwnerId: null }))).toMatchObject({
    teamWork: true,
    ownerId: "s-asha",
  });
});
