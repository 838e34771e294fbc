/**
 * The memos on the shared base config, all here: each is keyed by a frozen object (the shared
 * base config's mappings and lists, `core/writable-json.ts`, and what env substitution makes of
 * them), held weakly, and then by a key of plain values. Work on the shared base is done once per
 * release and env instead of once per distribution; what a user writes is in a key only as the
 * value of an env var or a pod fact the memoized work reads.
 *
 * A frozen object never changes, so what a pure function makes of it cannot go stale: `get` and
 * `set` ignore an object that is not frozen (the caller computes). Each memo holds at most
 * `perObject` entries per object; a full table starts over. A memo changes no output.
 *
 * Why a key is unambiguous: its parts are kept in nested maps, one level per part, never joined
 * into one string. Map keys compare by SameValueZero, so two keys share an entry only when every
 * part is the same string, number, boolean, null or undefined (the string '1' is not the number
 * 1), or the same object (by identity: a Release, a frozen value). A list part is a marker, its
 * length and its items, so a list never reads as its items spread among the parts around it.
 * Nothing is stringified: no user `toJSON` or getter runs, and no separator can occur in a value.
 *
 * The memos (`FrozenMemoKeys` lists each one's key):
 * - `rendering` (yaml/emit.ts): a frozen mapping or list as go-yaml text, by the writer
 *   state it starts in: column and indentation (each below 2^20, else nothing is kept) and three
 *   flags, packed into one integer below 2^43, so each state has its own number.
 * - `substitution` (releases/startup/env-substitution.ts): what `replace_env_vars` makes of a
 *   frozen value, with what it recorded, by its path, `$HOME` and the value of each env var the
 *   value names (undefined when unset; a secret as its stand-in, the value substitution reads).
 * - `envNames` (the same file): the env var names a frozen value's strings refer to.
 * - `providerId` (generate/providers.ts): a frozen provider entry's id once substituted, by the
 *   values of the env vars the entry names (`/` as `$HOME`).
 * - `entryFacts` (releases/startup/provider-resolution.ts): a frozen provider entry's own
 *   findings and the provider it builds, by its path and the release.
 * - `listOutcome` (the same file): a frozen provider list's findings and enabled providers, by its
 *   API and the release (used when each entry has the origin it had then).
 * - `configFindings` (the same file): the config checks of a frozen provider config, by its path,
 *   type, required extras, the release and what the run's pod and storage give every provider
 *   (files, writable directories, backend types, whether a metadata store is injected).
 *
 * A pure function of one string needs no frozen object: its table is a plain Map kept bounded by
 * `setBounded` (at the end).
 */

/** What a key is made of: plain values, objects by identity, lists by their items. */
export type KeyPart = string | number | boolean | null | undefined | object | readonly KeyPart[];

/** Each memo on the shared base config and its key (the list above). */
export interface FrozenMemoKeys {
  readonly rendering: readonly [writerState: number];
  readonly substitution: readonly [path: string, home: string, values: readonly (string | undefined)[]];
  readonly envNames: readonly [];
  readonly providerId: readonly [values: readonly (string | undefined)[]];
  readonly entryFacts: readonly [path: string, release: object];
  readonly listOutcome: readonly [api: string, release: object];
  readonly configFindings: readonly [path: string, type: string, requiredExtras: readonly string[], run: ConfigRunKey];
}

/** What one start-up run gives every provider's config checks (`configFindings`). */
export type ConfigRunKey = readonly [
  release: object,
  files: readonly string[],
  writableDirs: readonly string[] | null,
  backendTypes: readonly (readonly [string, string])[],
  injectsMetadataStore: boolean,
];

/** Where a node keeps its value (a part is never a symbol). */
const VALUE = Symbol('value');
/** Starts a list part. */
const LIST = Symbol('list');

type Node = Map<unknown, unknown>;

interface Table {
  readonly root: Node;
  size: number;
}

/** One memo (see the list above): per frozen object, values by key. */
export class FrozenMemo<K extends readonly KeyPart[], V> {
  private tables = new WeakMap<object, Table>();

  /** `perObject`: how many keys one object keeps before its table starts over. */
  constructor(private readonly perObject: number) {}

  /** The value kept for `o` and `key`, or undefined. */
  get(o: object, key: K): V | undefined {
    const table = this.tables.get(o);
    return table === undefined ? undefined : find(table.root, key, false)?.get(VALUE) as V | undefined;
  }

  /** Keeps `value` for `o` and `key` when `o` is frozen; returns `value`. */
  set(o: object, key: K, value: V): V {
    if (!Object.isFrozen(o)) return value;
    let table = this.tables.get(o);
    if (table === undefined) this.tables.set(o, table = { root: new Map(), size: 0 });
    let node = find(table.root, key, false);
    if (node === undefined || !node.has(VALUE)) {
      if (table.size >= this.perObject) {
        table.root.clear();
        table.size = 0;
      }
      node = find(table.root, key, true)!;
      table.size++;
    }
    node.set(VALUE, value);
    return value;
  }

  /** The value kept for `o` and `key`, else `compute()` (kept when `o` is frozen). */
  memo(o: object, key: K, compute: () => V): V {
    const table = this.tables.get(o);
    const node = table === undefined ? undefined : find(table.root, key, false);
    if (node !== undefined && node.has(VALUE)) return node.get(VALUE) as V;
    return this.set(o, key, compute());
  }

  /** Forgets every value. */
  clear(): void {
    this.tables = new WeakMap();
  }
}

/** A memo of the list above, with its key. */
export function frozenMemo<N extends keyof FrozenMemoKeys, V>(_name: N, perObject: number): FrozenMemo<FrozenMemoKeys[N], V> {
  return new FrozenMemo(perObject);
}

/** The node of a key part (a list: its marker, length and items); made when `create`, else undefined when missing. */
function find(node: Node | undefined, part: KeyPart, create: boolean): Node | undefined {
  if (!Array.isArray(part)) return child(node, part, create);
  let at = child(child(node, LIST, create), part.length, create);
  for (let i = 0; i < part.length && at !== undefined; i++) at = find(at, part[i], create);
  return at;
}

function child(node: Node | undefined, part: unknown, create: boolean): Node | undefined {
  if (node === undefined) return undefined;
  let next = node.get(part) as Node | undefined;
  if (next === undefined && create) node.set(part, next = new Map());
  return next;
}

/**
 * Sets `key` in `map`, first emptying the map when it holds `limit` other keys; returns `value`.
 * The memo tables of a pure function of one string (a quantity, a name, a template), keyed by that
 * string alone, are kept this way: a table that is full starts over, so an app of any size keeps
 * its memory bounded and the common keys come back at once.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, limit: number): V {
  if (map.size >= limit && !map.has(key)) map.clear();
  map.set(key, value);
  return value;
}
