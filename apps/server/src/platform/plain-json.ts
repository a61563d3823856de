/**
 * A route's answer written with JSON.stringify instead of zod's encoder, which checks and rebuilds
 * the answer field by field on every request. Only for the busiest answers whose presenter already
 * builds exactly the documented shape (TypeScript holds it to the schema; nothing beyond it is
 * stripped, so a presenter must not spread a row into it). The schema still documents the route.
 * A route's `serializerCompiler`.
 */
export const plainJson = () => (data: unknown) => JSON.stringify(data);
