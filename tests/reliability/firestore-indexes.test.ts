/**
 * firestore.indexes.json against the queries the code sends. The emulator enforces no composite
 * index; hosted Firestore refuses a query without one (FAILED_PRECONDITION). The Firestore suites
 * record the shape of every query they send (tests/support/query-shapes.ts, in their sandbox) and
 * fail on a shape missing from firestore.query-shapes.json; here every shape there must find its
 * index in firestore.indexes.json, and every index there must serve a shape.
 */
import { describe, expect, it } from "vitest";
import {
  compareIndexes,
  neededIndex,
  readIndexes,
  readQueryShapes,
  type CompositeIndex,
  type QueryShape,
} from "../support/query-shapes";

const shapes = readQueryShapes();
const indexes = readIndexes();

const describeIndex = (index: CompositeIndex) =>
  `${index.collectionGroup}(${index.fields.map((field) => `${field.fieldPath} ${field.order ?? field.arrayConfig}`).join(", ")})`;

function shape(partial: Partial<QueryShape> & { collection: string }): QueryShape {
  return { allDescendants: false, equality: [], range: [], orderBy: [], aggregated: [], ...partial };
}

describe("firestore.indexes.json", () => {
  it("holds the composite index of every query shape the suites send", () => {
    const { missing } = compareIndexes(shapes, indexes);
    expect(missing.map(({ needed }) => describeIndex(needed))).toEqual([]);
  });

  it("declares no index that no query uses", () => {
    const { unused } = compareIndexes(shapes, indexes);
    expect(unused.map(describeIndex)).toEqual([]);
  });

  it("without any one of its indexes, fails for the queries that need it", () => {
    expect(indexes.length).toBeGreaterThan(0);
    for (const [i, index] of indexes.entries()) {
      const without = indexes.filter((_, j) => j !== i);
      const { missing } = compareIndexes(shapes, without);
      expect(
        missing.map(({ needed }) => describeIndex(needed)),
        describeIndex(index),
      ).toContain(describeIndex(index));
    }
  });
});

describe("the index a query shape needs", () => {
  it("none for one field, or for equality filters alone (Firestore merges single-field indexes)", () => {
    expect(neededIndex(shape({ collection: "a", range: ["at"] }))).toBeNull();
    expect(neededIndex(shape({ collection: "a", equality: ["x", "y"] }))).toBeNull();
    expect(
      neededIndex(shape({ collection: "a", orderBy: [{ field: "at", direction: "DESCENDING" }] })),
    ).toBeNull();
  });

  it("equality fields first, then the order (a range field first, ascending), then summed fields", () => {
    const needed = neededIndex(
      shape({
        collection: "a",
        equality: ["status"],
        range: ["dueAt"],
        orderBy: [{ field: "sortKey", direction: "DESCENDING" }],
        aggregated: ["Quantity"],
      }),
    );
    expect(needed && describeIndex(needed)).toBe(
      "a(status ASCENDING, dueAt ASCENDING, sortKey DESCENDING, Quantity ASCENDING)",
    );
  });

  it("a direction reversed throughout is served by the same index; one reversed alone is not", () => {
    const index: CompositeIndex = {
      collectionGroup: "a",
      queryScope: "COLLECTION",
      fields: [
        { fieldPath: "owner", order: "ASCENDING" },
        { fieldPath: "due", order: "ASCENDING" },
        { fieldPath: "key", order: "DESCENDING" },
      ],
    };
    const asked = (due: "ASCENDING" | "DESCENDING", key: "ASCENDING" | "DESCENDING") =>
      shape({
        collection: "a",
        equality: ["owner"],
        orderBy: [
          { field: "due", direction: due },
          { field: "key", direction: key },
        ],
      });
    expect(compareIndexes([asked("ASCENDING", "DESCENDING")], [index]).missing).toEqual([]);
    expect(compareIndexes([asked("DESCENDING", "ASCENDING")], [index]).missing).toEqual([]);
    expect(compareIndexes([asked("ASCENDING", "ASCENDING")], [index]).missing).toHaveLength(1);
  });
});
