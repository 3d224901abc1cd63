/**
 * A port of named steps, for the changes written once above the stores that are not an enquiry's
 * (work-port.ts is the enquiries'): a change is a generator that asks for steps by name and ends in
 * its answer, and each adapter answers the steps inside one transaction of its own, at once
 * (SQLite) or as they come (Firestore). A step names what to read or write and decides nothing.
 */

/** The steps of a port: each step's name, what it gives the store and what the store answers. */
export type StepMap = { [name: string]: { args: unknown; result: unknown } };

/** One step asked of a port. */
export type StepOf<S extends StepMap> = { [K in keyof S]: { op: K; args: S[K]["args"] } }[keyof S];

/** One change: a sequence of steps ending in its answer. */
export type ChangeOf<S extends StepMap, R> = Generator<StepOf<S>, R, unknown>;

/** How a store answers each step of a port. */
export type AnswersOf<S extends StepMap, Async extends boolean = false> = {
  [K in keyof S]: (
    args: S[K]["args"],
  ) => Async extends true ? S[K]["result"] | Promise<S[K]["result"]> : S[K]["result"];
};

/** A port: runs a change in one transaction, answering each step it asks for. */
export interface PortOf<S extends StepMap> {
  run<R>(change: () => ChangeOf<S, R>): Promise<R>;
}

/** The function a change asks a port's steps with: `const row = yield* step("readX", { id })`. */
export function stepsOf<S extends StepMap>() {
  return function* step<K extends keyof S>(
    op: K,
    args: S[K]["args"],
  ): Generator<StepOf<S>, S[K]["result"], unknown> {
    return (yield { op, args } as StepOf<S>) as S[K]["result"];
  };
}

function answer<S extends StepMap>(answers: AnswersOf<S, boolean>, request: StepOf<S>) {
  return (answers[request.op] as (args: unknown) => unknown)(request.args);
}

/** Runs a change whose every step is answered at once (inside a synchronous transaction). */
export function driveStepsSync<S extends StepMap, R>(change: ChangeOf<S, R>, answers: AnswersOf<S>): R {
  let next = change.next();
  while (!next.done) next = change.next(answer(answers, next.value));
  return next.value;
}

/** Runs a change whose steps may be answered later (inside an asynchronous transaction). */
export async function driveStepsAsync<S extends StepMap, R>(
  change: ChangeOf<S, R>,
  answers: AnswersOf<S, true>,
): Promise<R> {
  let next = change.next();
  while (!next.done) next = change.next(await answer(answers, next.value));
  return next.value;
}
