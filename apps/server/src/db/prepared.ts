const statements = new WeakMap<object, Map<string, unknown>>();

/**
 * A named prepared statement, built once per database handle and name. Building a Drizzle query
 * costs more than running a small one; PostgreSQL then parses and plans the named statement once
 * per connection. The caller's name must say everything that changes the statement's text.
 */
export function preparedOnce<T>(db: object, name: string, build: () => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  if (!byName.has(name)) byName.set(name, build());
  return byName.get(name) as T;
}
