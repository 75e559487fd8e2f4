/**
 * The one serialisation of case logs (docs/decisions/case-work.md#one-log): a Durable Object per
 * case, for every kind. Fraud appends go to the object as data and are group-committed there
 * (`append`), as a monitoring page's AML notes on one case are (`appendAmlNotes`, through
 * `caseObjectOf`); a kind whose append runs in the caller (AML: seal, build, commit with its
 * foreign statements in one D1 batch) hands the object a task, and the object runs one task per
 * case at a time (`serialize`), in the same order as the writes it does itself, so two appends
 * never build on the same head.
 */
import type { Env } from "../../../env";
import type { CaseKind } from "../domain/work";

/** The part of the case object this service calls (src/durable-objects/fraud-case.ts). */
interface CaseSerializer {
  serialize(task: () => Promise<void>): Promise<void>;
}

/**
 * The object's name for a case: a fraud case keeps its bare id (the name its object had before
 * other kinds shared the class, so its cached head and storage stay where they are); every other
 * kind is prefixed with its kind, so ids of two kinds never meet in one object.
 */
export const caseObjectName = (kind: CaseKind, caseId: string) =>
  kind === "fraud" ? caseId : `${kind}:${caseId}`;

/** The case's object, typed as the part of it the caller uses (a kind's own methods on it). */
export const caseObjectOf = <T>(env: Pick<Env, "FRAUD_CASE">, kind: CaseKind, caseId: string): T => {
  const namespace = env.FRAUD_CASE as unknown as {
    idFromName(name: string): DurableObjectId;
    get(id: DurableObjectId): T;
  };
  return namespace.get(namespace.idFromName(caseObjectName(kind, caseId)));
};

/**
 * Runs `append` (the caller's own code, with its context, clock and errors) once every earlier
 * append of the same case has settled. What it answers or throws is kept here, in the caller:
 * only a void task crosses to the object, so errors keep their class (a 404 stays a 404).
 */
export async function appendInOrder<T>(
  ctx: { env: Pick<Env, "FRAUD_CASE"> },
  kind: CaseKind,
  caseId: string,
  append: () => Promise<T>,
): Promise<T> {
  let outcome: { ok: true; value: T } | { ok: false; error: unknown } | undefined;
  const task = async () => {
    try {
      outcome = { ok: true, value: await append() };
    } catch (error) {
      outcome = { ok: false, error };
    }
  };
  try {
    await caseObjectOf<CaseSerializer>(ctx.env, kind, caseId).serialize(task);
  } catch (error) {
    // The object failed after the task ran (a reset on the way back): the task's outcome stands.
    if (!outcome) throw error;
  }
  if (!outcome) throw new Error(`case object ${caseObjectName(kind, caseId)} did not run the append`);
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}
