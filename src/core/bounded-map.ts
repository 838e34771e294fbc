/**
 * Memo tables keyed by what users write (strings, env values, paths) hold at most a fixed
 * number of entries: a table that is full starts over, so an app of any size keeps its memory
 * bounded and the common keys come back at once.
 */

/** Sets `key` in `map`, first emptying the map when it holds `limit` other keys; returns `value`. */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, limit: number): V {
  if (map.size >= limit && !map.has(key)) map.clear();
  map.set(key, value);
  return value;
}

/**
 * Adds `value` to the list at `key` (a full map starts over first, as `setBounded`), the list
 * keeping its `perKey` latest values: what memo tables of several candidates per key keep.
 */
export function pushBounded<K, V>(map: Map<K, V[]>, key: K, value: V, limit: number, perKey: number): void {
  const values = map.get(key) ?? setBounded(map, key, [], limit);
  if (values.length >= perKey) values.shift();
  values.push(value);
}
