/**
 * The endpoint declarations as the browser's build reads them (vite.config.ts, decisions 155, 177): the browser needs an
 * endpoint's method and path, and the types of its schemas; the guard, the loader of the schemas and the documentation
 * (summary, description, tag, errors, rate limits) are for the server and /api/docs. So the client build leaves
 * those fields out of the declaration modules (the area's loader, unused then, goes with them): a page that calls an
 * endpoint carries neither its schemas nor the text of its description. Each such field is written on one line
 * (server/routes/route.test.ts checks it), which is what this removes; nothing in the browser reads them.
 */
export const DECLARATION_MODULE = /\/src\/shared\/endpoints\/(?!endpoint\.|browser-copy\.)[a-z-]+\.ts$/;

/** A line of a server field: `summary: '…',`, or a shorthand one (`tag,` `guard,` of a constant of the module). */
const SERVER_FIELD = /^[ \t]+(?:(?:summary|description|guard|tag|errors|limits|schemas):.*|guard|tag),[ \t]*\r?\n/gm;

/** A declaration module's text without its server's fields. */
export const browserCopy = (code: string): string => code.replace(SERVER_FIELD, '');
