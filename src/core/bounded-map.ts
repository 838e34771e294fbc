/**
 * Memo tables of a pure function of one string (a quantity, a name, a template), keyed by that
 * string alone, hold at most a fixed number of entries: a table that is full starts over, so an
 * app of any size keeps its memory bounded and the common keys come back at once.
 */

/** Sets `key` in `map`, first emptying the map when it holds `limit` other keys; returns `value`. */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, limit: number): V {
  if (map.size >= limit && !map.has(key)) map.clear();
  map.set(key, value);
  return value;
}
