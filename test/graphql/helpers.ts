import { call, json } from "../harness";

export interface GraphQLError {
  message: string;
  path?: Array<string | number>;
  extensions?: { code?: string; details?: Array<{ path: string; message: string }> } & Record<
    string,
    unknown
  >;
}

export interface GraphQLResult<T = Record<string, unknown>> {
  status: number;
  success: boolean;
  data?: T | null;
  errors?: GraphQLError[];
  extensions?: Record<string, unknown>;
}

/** A GraphQL answer's shape follows the query text, so tests read it untyped. */
// biome-ignore lint/suspicious/noExplicitAny: the data's shape is the query's, checked by the assertions
type Data = Record<string, any>;

/** POST /v1/graphql with a tenant key. */
export async function gql<T = Data>(
  key: string,
  query: string,
  variables?: Record<string, unknown>,
  operationName?: string,
): Promise<GraphQLResult<T>> {
  const res = await call("POST", "/v1/graphql", { key, body: { query, variables, operationName } });
  return { status: res.status, ...(await json<Omit<GraphQLResult<T>, "status">>(res)) };
}

export const codes = (result: GraphQLResult) => (result.errors ?? []).map((e) => e.extensions?.code);
