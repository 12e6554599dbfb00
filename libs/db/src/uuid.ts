const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids are opaque to clients but uuid columns here: a string that is not a uuid names nothing,
 * and must not reach a `$1::uuid` parameter, where PostgreSQL would fail the whole query.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
