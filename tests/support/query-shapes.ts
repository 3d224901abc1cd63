import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * What a Firestore query asks, as far as its index goes: the collection, the fields it filters on
 * by equality and by range, its order, and the fields it sums or averages. Values and limits are
 * left out: they need no index.
 */
export interface QueryShape {
  collection: string;
  /** A collection-group query (every collection of that name). */
  allDescendants: boolean;
  equality: string[];
  range: string[];
  orderBy: { field: string; direction: "ASCENDING" | "DESCENDING" }[];
  aggregated: string[];
}

export interface IndexField {
  fieldPath: string;
  order?: "ASCENDING" | "DESCENDING";
  arrayConfig?: string;
}

export interface CompositeIndex {
  collectionGroup: string;
  queryScope: "COLLECTION" | "COLLECTION_GROUP";
  fields: IndexField[];
}

const root = fileURLToPath(new URL("../..", import.meta.url));
/** The query shapes the Firestore contract suites send, kept beside the indexes they need. */
export const QUERY_SHAPES_FILE = join(root, "firestore.query-shapes.json");
export const INDEXES_FILE = join(root, "firestore.indexes.json");

type Proto = Record<string, unknown>;
const EQUALITY_OPS = new Set(["EQUAL", "IN", "ARRAY_CONTAINS", "ARRAY_CONTAINS_ANY"]);

function fieldPathOf(proto: unknown): string {
  return String(((proto as Proto | undefined)?.field as Proto | undefined)?.fieldPath ?? "");
}

function collectFilters(where: unknown, shape: QueryShape) {
  const filter = where as Proto | undefined;
  if (!filter) return;
  const composite = filter.compositeFilter as { filters?: unknown[] } | undefined;
  if (composite) {
    for (const inner of composite.filters ?? []) collectFilters(inner, shape);
    return;
  }
  const field = filter.fieldFilter as Proto | undefined;
  if (field) {
    const path = fieldPathOf(field);
    (EQUALITY_OPS.has(String(field.op)) ? shape.equality : shape.range).push(path);
    return;
  }
  const unary = filter.unaryFilter as Proto | undefined;
  if (unary) shape.equality.push(fieldPathOf(unary));
}

/** The shape of a query as the client library sends it (a RunQuery or RunAggregationQuery request). */
export function shapeOf(request: Proto): QueryShape {
  const aggregation = request.structuredAggregationQuery as Proto | undefined;
  const query = (aggregation?.structuredQuery ?? request.structuredQuery) as Proto;
  const from = ((query.from as Proto[] | undefined) ?? [{}])[0] ?? {};
  const shape: QueryShape = {
    collection: String(from.collectionId ?? ""),
    allDescendants: from.allDescendants === true,
    equality: [],
    range: [],
    orderBy: [],
    aggregated: [],
  };
  collectFilters(query.where, shape);
  for (const order of (query.orderBy as Proto[] | undefined) ?? []) {
    const field = fieldPathOf(order);
    if (field === "__name__") continue;
    shape.orderBy.push({ field, direction: order.direction === "DESCENDING" ? "DESCENDING" : "ASCENDING" });
  }
  for (const aggregate of (aggregation?.aggregations as Proto[] | undefined) ?? []) {
    const summed = (aggregate.sum ?? aggregate.avg) as Proto | undefined;
    if (summed) shape.aggregated.push(fieldPathOf(summed));
  }
  shape.equality = [...new Set(shape.equality)].sort();
  shape.range = [...new Set(shape.range)].sort();
  shape.aggregated = [...new Set(shape.aggregated)].sort();
  return shape;
}

/**
 * The composite index a shape needs, or null when Firestore's automatic single-field indexes
 * serve it (one field in all, or equality filters only). Its fields: the equality fields, then
 * the order (a range field not ordered on is ordered first, ascending, as Firestore does), then
 * the summed fields.
 */
export function neededIndex(shape: QueryShape): CompositeIndex | null {
  const ordered = [...shape.orderBy];
  for (const field of shape.range) {
    if (!ordered.some((order) => order.field === field)) ordered.unshift({ field, direction: "ASCENDING" });
  }
  const equality = shape.equality.filter((field) => !ordered.some((order) => order.field === field));
  const fields: IndexField[] = [
    ...equality.map((fieldPath) => ({ fieldPath, order: "ASCENDING" as const })),
    ...ordered.map((order) => ({ fieldPath: order.field, order: order.direction })),
    ...shape.aggregated
      .filter((field) => !equality.includes(field) && !ordered.some((order) => order.field === field))
      .map((fieldPath) => ({ fieldPath, order: "ASCENDING" as const })),
  ];
  if (fields.length <= 1) return null;
  if (ordered.length === 0 && shape.aggregated.length === 0) return null;
  return {
    collectionGroup: shape.collection,
    queryScope: shape.allDescendants ? "COLLECTION_GROUP" : "COLLECTION",
    fields,
  };
}

/**
 * Whether `index` serves `needed`: the same collection and scope, the same equality fields first
 * (in any order), then the same ordered fields in the same order and directions (or all
 * reversed), then the same summed fields.
 */
export function serves(index: CompositeIndex, needed: CompositeIndex, shape: QueryShape): boolean {
  if (index.collectionGroup !== needed.collectionGroup || index.queryScope !== needed.queryScope)
    return false;
  if (index.fields.length !== needed.fields.length) return false;
  const ordered = needed.fields.length - shape.aggregated.length;
  const equalityCount = needed.fields.length - shape.aggregated.length - countOrdered(shape);
  const names = (fields: IndexField[]) =>
    fields
      .map((field) => field.fieldPath)
      .sort()
      .join(",");
  if (names(index.fields.slice(0, equalityCount)) !== names(needed.fields.slice(0, equalityCount)))
    return false;
  const indexOrder = index.fields.slice(equalityCount, ordered);
  const neededOrder = needed.fields.slice(equalityCount, ordered);
  const same = indexOrder.every(
    (field, i) => field.fieldPath === neededOrder[i]?.fieldPath && field.order === neededOrder[i]?.order,
  );
  const reversed = indexOrder.every(
    (field, i) => field.fieldPath === neededOrder[i]?.fieldPath && field.order !== neededOrder[i]?.order,
  );
  if (!same && !reversed) return false;
  return names(index.fields.slice(ordered)) === names(needed.fields.slice(ordered));
}

function countOrdered(shape: QueryShape): number {
  const fields = new Set(shape.orderBy.map((order) => order.field));
  for (const field of shape.range) fields.add(field);
  return fields.size;
}

export interface IndexReport {
  /** Shapes no index in the file serves, with the index each needs. */
  missing: { shape: QueryShape; needed: CompositeIndex }[];
  /** Indexes in the file that serve no shape. */
  unused: CompositeIndex[];
}

/** Compares the indexes declared with what the shapes need, both ways. */
export function compareIndexes(
  shapes: readonly QueryShape[],
  indexes: readonly CompositeIndex[],
): IndexReport {
  const used = new Set<CompositeIndex>();
  const missing: IndexReport["missing"] = [];
  for (const shape of shapes) {
    const needed = neededIndex(shape);
    if (!needed) continue;
    const serving = indexes.filter((index) => serves(index, needed, shape));
    if (serving.length === 0) missing.push({ shape, needed });
    for (const index of serving) used.add(index);
  }
  return { missing, unused: indexes.filter((index) => !used.has(index)) };
}

const keyOf = (shape: QueryShape) => JSON.stringify(shape);

export function readQueryShapes(file = QUERY_SHAPES_FILE): QueryShape[] {
  return (JSON.parse(readFileSync(file, "utf8")) as { shapes: QueryShape[] }).shapes;
}

export function readIndexes(file = INDEXES_FILE): CompositeIndex[] {
  return (JSON.parse(readFileSync(file, "utf8")) as { indexes: CompositeIndex[] }).indexes;
}

// --- Recording ------------------------------------------------------------------------------

const recorded = new Map<string, QueryShape>();
let installed = false;

/**
 * Records the shape of every query this process's Firestore client sends, from the request the
 * client library builds (whatever the adapters ask, however they ask it). The adapters are not
 * touched: the library's own serialisation is wrapped.
 */
export function recordQueryShapes(): void {
  if (installed) return;
  installed = true;
  // The copy of the client library firebase-admin loads; AggregateQuery is not among its exports.
  const adminRequire = createRequire(createRequire(import.meta.url).resolve("firebase-admin/firestore"));
  type Serialisable = { prototype: { toProto: (...args: unknown[]) => Proto } };
  const library = {
    Query: (adminRequire("@google-cloud/firestore") as { Query: Serialisable }).Query,
    AggregateQuery: (
      adminRequire("@google-cloud/firestore/build/src/reference/aggregate-query.js") as {
        AggregateQuery: Serialisable;
      }
    ).AggregateQuery,
  };
  let inAggregate = 0;
  const record = (request: Proto) => {
    const shape = shapeOf(request);
    recorded.set(keyOf(shape), shape);
  };
  const queryToProto = library.Query.prototype.toProto;
  library.Query.prototype.toProto = function (this: unknown, ...args: unknown[]) {
    const request = queryToProto.apply(this, args);
    if (inAggregate === 0) record(request);
    return request;
  };
  const aggregateToProto = library.AggregateQuery.prototype.toProto;
  library.AggregateQuery.prototype.toProto = function (this: unknown, ...args: unknown[]) {
    inAggregate += 1;
    try {
      const request = aggregateToProto.apply(this, args);
      record(request);
      return request;
    } finally {
      inAggregate -= 1;
    }
  };
}

/**
 * After a suite: every shape it sent must be among firestore.query-shapes.json's (which the index
 * test compares with firestore.indexes.json). With RECORD_QUERY_SHAPES=1 the new ones are added
 * to the file instead (run the Firestore suites one file at a time then: --no-file-parallelism).
 */
export function checkRecordedShapes(): void {
  if (recorded.size === 0) return;
  const known = readQueryShapes();
  const knownKeys = new Set(known.map(keyOf));
  const fresh = [...recorded.values()].filter((shape) => !knownKeys.has(keyOf(shape)));
  if (fresh.length === 0) return;
  if (process.env.RECORD_QUERY_SHAPES === "1") {
    const shapes = [...known, ...fresh].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
    writeFileSync(QUERY_SHAPES_FILE, `${JSON.stringify({ shapes }, null, 2)}\n`);
    return;
  }
  throw new Error(
    `A Firestore query of a shape not in firestore.query-shapes.json, so not checked against ` +
      `firestore.indexes.json: record it with RECORD_QUERY_SHAPES=1 (docs/operating-on-firestore.md):\n` +
      fresh.map((shape) => `  ${keyOf(shape)}`).join("\n"),
  );
}
