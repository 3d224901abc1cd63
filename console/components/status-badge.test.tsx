// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { ENQUIRY_STATUSES } from "../../domain/status";
import { StatusBadge, statusClass } from "./StatusBadge";

afterEach(cleanup);

test("each status's badge has one class of its own, which console.css can colour", () => {
  for (const status of ENQUIRY_STATUSES) {
    const [base, own, ...more] = statusClass(status).split(" ");
    expect(base).toBe("status");
    expect(own).toMatch(/^status-[a-z-]+$/);
    expect(more).toEqual([]);
  }
  expect(statusClass("New")).toBe("status status-new");
});

test("the badge says the status", () => {
  render(<StatusBadge status="Confirmed" />);
  expect(screen.getByText("Confirmed").className).toBe("status status-confirmed");
});
