/**
 * Rows are split into lanes by a hash of their key. A relay instance publishes a lane only while
 * it holds that lane's advisory lock, so one key's events are always sent by one relay at a time,
 * in id order, while several relays share the lanes between them. Changing this number reorders
 * rows that are waiting, so it is a constant of the table, not a setting.
 */
export const OUTBOX_LANES = 16;

/** FNV-1a over the key's UTF-16 code units: stable across processes and versions. */
export function laneOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % OUTBOX_LANES;
}
