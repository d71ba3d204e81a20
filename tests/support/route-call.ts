import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";

/**
 * Calling a loader or an action as Remix does, and reading what it answered. A route answers in three
 * ways: a Response it returns or throws (a redirect, a 404), `data(…, { status })`, or plain data.
 * Every helper here takes the call either as a promise or as a function that makes it.
 */

/** What a loader or an action takes: the request, the route's params, the load context. */
export type RouteArgs = LoaderFunctionArgs & ActionFunctionArgs;

/** The arguments Remix hands a loader or an action, for this request. */
export function routeArgs(request: Request, params: Record<string, string> = {}, context: AppLoadContext = {}): RouteArgs {
  return { request, params, context };
}

type Call<T> = Promise<T> | (() => T | Promise<T>);

/** What the call settled with: the value it returned, or the Response it threw. Anything else thrown is a failure and is thrown on. */
export async function settle<T>(call: Call<T>): Promise<Awaited<T> | Response> {
  try {
    return await (typeof call === "function" ? call() : call);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The Response the call answered with, returned or thrown; data instead fails the test, saying what came. */
export async function responseOf(call: Call<unknown>): Promise<Response> {
  const answer = await settle(call);
  if (answer instanceof Response) return answer;
  throw new Error(`expected a Response, got ${JSON.stringify(dataOf(answer))?.slice(0, 400)}`);
}

/** The Response the call threw; an answer it returned instead fails the test. */
export async function thrownResponse(call: Call<unknown>): Promise<Response> {
  try {
    await (typeof call === "function" ? call() : call);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("expected the call to throw a Response");
}

/** A settled answer's HTTP status: a Response's own, the status given to `data()`, else 200. */
export function statusOf(answer: unknown): number {
  if (answer instanceof Response) return answer.status;
  if (isDataWithInit(answer)) return answer.init?.status ?? 200;
  return 200;
}

/** The HTTP status the call answered with, thrown or returned. */
export async function answerStatus(call: Call<unknown>): Promise<number> {
  return statusOf(await settle(call));
}

/** What a loader or action answered, read three ways; `D` names the data's shape where the test relies on it. */
export interface Answer<D = unknown> {
  status: number;
  /** A redirect's Location; null for data. */
  location: string | null;
  /** The data, plain or given to `data()`; null for a Response. */
  data: D | null;
}

/** What the call answered, thrown or returned: its status, a redirect's Location, and the data. */
export async function answerOf<D = unknown>(call: Call<unknown>): Promise<Answer<D>> {
  const answer = await settle(call);
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("Location"), data: null };
  return { status: statusOf(answer), location: null, data: dataOf(answer) as D };
}

/** A settled answer's data: what was given to `data()`, or the plain value returned. */
function dataOf(answer: unknown): unknown {
  return isDataWithInit(answer) ? answer.data : answer;
}

function isDataWithInit(answer: unknown): answer is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } {
  return typeof answer === "object" && answer !== null && (answer as { type?: unknown }).type === "DataWithResponseInit";
}
