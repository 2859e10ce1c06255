import type { RouterContextProvider } from "react-router";
import { apiCall, apiError, readJsonBody, readQuery, refuseMethod } from "~/http/api.server";
import { requireAccount, requireAllowed, requireUser, requireWriteScope } from "~/http/auth.server";
import { routePatternContext } from "~/http/context";
import type { Access, ApiOperation } from "~/http/api/operation.server";
import { declaredOperations } from "~/http/api/operations.server";
import { requireId } from "~/lib/ids";
import { decidedAtTheDoor } from "~/models/policy";
import type { CurrentUser } from "~/models/user.server";

// The /api router: a request goes to the declared operation its path and method name, through the
// one envelope every operation shares: the guard its access names, its path ids, its query, its
// JSON body (read when the handler asks), and apiCall (an AppError becomes `{ error }` JSON).

type RequestArgs = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * The one place an operation's `access` becomes a guard: the policy's action through
 * requireAllowed, unless the action is decided by the thing acted on (its model asks `authorize`
 * with it), when any approved user passes the door.
 */
async function guard(access: Access, args: RequestArgs): Promise<CurrentUser | null> {
  switch (access) {
    case "public":
    case "signed-url":
      return null;
    case "sign-out":
      requireWriteScope(args);
      return null;
    case "account":
      return requireAccount(args);
    default:
      return decidedAtTheDoor(access) ? requireAllowed(args, access) : requireUser(args);
  }
}

type ApiPath = { segments: string[]; operations: ApiOperation[] };

function pathsOf(operations: ApiOperation[]): ApiPath[] {
  const paths = [...new Set(operations.map((operation) => operation.path))];
  return paths.map((path) => ({
    segments: path.split("/"),
    operations: operations.filter((operation) => operation.path === path),
  }));
}

const isParameter = (segment: string) => segment.startsWith("{");

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The declared path a request path names, with its parameters' values: segments are compared
 * decoded (`/api/%6Cogin` is `/api/login`), fixed ones regardless of case, and a fixed segment wins over a parameter (`/api/dealers/import` is not
 * `/api/dealers/{id}`), as React Router ranks routes.
 */
function matchPath(paths: ApiPath[], pathname: string): { path: ApiPath; values: Record<string, string> } | undefined {
  const segments = pathname
    .replace(/(.)\/+$/, "$1")
    .split("/")
    .map(decoded);
  const parameters = (path: ApiPath) => path.segments.filter(isParameter).length;
  const path = paths
    .filter(
      ({ segments: pattern }) =>
        pattern.length === segments.length &&
        pattern.every((segment, i) => isParameter(segment) || segment.toLowerCase() === segments[i]!.toLowerCase()),
    )
    .sort((a, b) => parameters(a) - parameters(b))[0];
  if (!path) return undefined;
  const values = Object.fromEntries(
    path.segments.flatMap((segment, i) => (isParameter(segment) ? [[segment.slice(1, -1), segments[i]!]] : [])),
  );
  return { path, values };
}

/** The methods a path takes, for `Allow`: HEAD goes with GET. */
function allowedMethods(path: ApiPath): string[] {
  const methods = path.operations.map((operation) => operation.method.toUpperCase());
  return methods.includes("GET") ? [...methods, "HEAD"] : methods;
}

/** Path ids parsed (a malformed one is the declared 404); other parameters as sent. */
function parsedParams(operation: ApiOperation, values: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(operation.pathParams ?? {}).map(([name, parameter]) => [
      name,
      parameter.notFound === undefined ? (values[name] ?? "") : requireId(values[name], parameter.notFound),
    ]),
  );
}

function bodyReader(request: Request, operation: ApiOperation) {
  const { body } = operation;
  if (body?.kind !== "json") return () => Promise.reject(new Error(`${operation.path} declares no JSON body`));
  return () => readJsonBody(request, body.schema, { readOnly: body.readOnly });
}

const paths = pathsOf(declaredOperations);

/**
 * Answers an /api request: 404 `{ error: "Not found" }` for a path no operation declares, 405 with
 * `Allow` for a declared path with another method (whoever asks), else the operation.
 */
export async function dispatchApi(args: RequestArgs): Promise<Response> {
  const { request, context } = args;
  const match = matchPath(paths, new URL(request.url).pathname);
  if (!match) return apiError(404, "Not found");
  context.get(routePatternContext)(match.path.segments.join("/"));
  const method = request.method === "HEAD" ? "get" : request.method.toLowerCase();
  const operation = match.path.operations.find((candidate) => candidate.method === method);
  if (!operation) return refuseMethod(request, allowedMethods(match.path));
  const user = await guard(operation.access, args);
  return apiCall(() =>
    operation.handler({
      request,
      context,
      user,
      params: parsedParams(operation, match.values),
      query: operation.query ? readQuery(request, operation.query) : undefined,
      body: bodyReader(request, operation),
    }),
  );
}
