/**
 * The shape of one start-up run, so distributions that differ only in names the model treats
 * as opaque share one run (issue 20; docs/plan-per-shape.md surveys every read).
 *
 * A run's inputs are the config, the release, the env and the container facts. Two runs have
 * one shape when all of that is equal except for *opaque values*:
 * - the host of an `http(s)://host[:port][/path]` value of a user provider's config field whose
 *   type takes only a string, an HttpUrl or null: the model reads it through the HttpUrl pattern,
 *   which every DNS-style host passes, and in messages;
 * - the `model_id` and `provider_model_id` of a registered model: read for emptiness, `auto`,
 *   `all`, a `<provider_id>/` prefix, identifiers `<provider_id>/<id>` compared with each other
 *   and with the models providers list, and in messages.
 * The key writes each opaque value as the index of its first occurrence, so which of them are
 * equal is part of the shape. A value can stand in for another only where nothing else could be
 * compared with it, so `sharable` holds only when no opaque value occurs inside another one or
 * inside any other string of the run (config, env, container facts, the release's listed model
 * ids), and none is a word the model looks for. Frozen parts of the config are shared, never
 * changed objects: the key names them by identity.
 */
import { ContainerFacts } from './context';
import { ContainerEnv } from './env-substitution';
import { readsAsStringOrUrl } from './field-types';
import { Release, releaseId } from './release';
import { isJsonObject, JsonObject, JsonValue, newObject } from '../../core/json';

/** An HTTP(S) URL with a DNS-style host: `$1` before the host, `$2` the host, `$3` port and path. */
const PLAIN_URL = /^(https?:\/\/)([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)((?::[0-9]{1,5})?(?:\/[A-Za-z0-9._~/-]*)?)$/;
/** A model id without a slash, space, env reference or other punctuation. */
const PLAIN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** Model ids the model compares with a word of its own. */
const MODEL_ID_WORDS: ReadonlySet<string> = new Set(['auto', 'all']);
/** Keys of a user provider entry whose config values may be opaque (a `module:` entry is not). */
const ENTRY_KEYS: ReadonlySet<string> = new Set(['provider_id', 'provider_type', 'config']);
const OPAQUE_MODEL_FIELDS: ReadonlySet<string> = new Set(['model_id', 'provider_model_id']);

const REQUIRED_IDS = new WeakMap<object, number>();
let nextRequiredId = 0;

/** What two runs must have in common besides their configs: release, env, required keys, container facts. */
export function runKey(release: Release, envId: number, options: ShapeOptions): string {
  const facts = options.container ?? {};
  let required = -1;
  if (options.requiredWhenEnabled !== undefined) {
    // Target data, never changed: by identity.
    const id = REQUIRED_IDS.get(options.requiredWhenEnabled);
    if (id === undefined) REQUIRED_IDS.set(options.requiredWhenEnabled, required = nextRequiredId++);
    else required = id;
  }
  return `${releaseId(release)}\u0000${envId}\u0000${required}\u0000${JSON.stringify([facts.home, facts.writableDirs, facts.files, facts.modules, facts.insecureFlag])}`;
}

/** The options of a run that are part of its shape. */
export interface ShapeOptions {
  readonly requiredWhenEnabled?: object;
  readonly container?: ContainerFacts;
}

function mutableMapping(v: JsonValue | undefined): v is JsonObject {
  return isJsonObject(v) && !Object.isFrozen(v);
}

function mutableList(v: JsonValue | undefined): v is JsonValue[] {
  return Array.isArray(v) && !Object.isFrozen(v);
}

/** A user provider entry whose config values may be opaque (not frozen, no `module:`). */
function userEntry(v: JsonValue): v is JsonObject {
  if (!mutableMapping(v)) return false;
  for (const k of Object.keys(v)) if (!ENTRY_KEYS.has(k)) return false;
  return true;
}

function opaqueModelId(field: string, v: JsonValue | undefined): v is string {
  return OPAQUE_MODEL_FIELDS.has(field) && typeof v === 'string' && PLAIN_ID.test(v) && !MODEL_ID_WORDS.has(v);
}

/**
 * Compares a kept run's config with another one, place by place: equal, except that at the
 * places where a value may be opaque both are opaque and stand in the same order of first
 * occurrence (`kept[i]` ↔ `values[i]`). Frozen parts are equal only when they are the same object.
 */
export class ShapeMatch {
  /** The kept config's opaque values, by index of first occurrence. */
  readonly kept: string[] = [];
  /** The other config's, at the same indexes. */
  readonly values: string[] = [];
  /** Where the other config has its opaque values (holder → key → what stays of the value): for `textOf`. */
  readonly places = new Map<object, Map<string, string>>();

  constructor(private readonly release: Release) {}

  config(k: JsonObject, c: JsonObject): boolean {
    return this.mapping(k, c, (key, kv, cv) => (key === 'providers' ? this.providers(kv, cv) : key === 'registered_resources' ? this.resources(kv, cv) : this.plain(kv, cv)));
  }

  private plain(k: JsonValue | undefined, c: JsonValue | undefined): boolean {
    if (k === c) return true;
    if (mutableList(k)) {
      if (!mutableList(c) || c.length !== k.length) return false;
      for (let i = 0; i < k.length; i++) if (!this.plain(k[i], c[i])) return false;
      return true;
    }
    return mutableMapping(k) && this.mapping(k, c, (_key, kv, cv) => this.plain(kv, cv));
  }

  /** Two mutable mappings with the same keys in the same order, whose values `same` compares. */
  private mapping(k: JsonObject, c: JsonValue | undefined, same: (key: string, k: JsonValue, c: JsonValue) => boolean): boolean {
    if (!mutableMapping(c)) return false;
    const keys = keysOf(k);
    // for…in visits own keys in Object.keys order without making their list; an inherited key only makes the match fail.
    let i = 0;
    for (const key in c) {
      if (key !== keys[i++] || !same(key, k[key], c[key])) return false;
    }
    return i === keys.length;
  }

  private opaque(k: string, c: string, holder: object, key: string, stays: string): boolean {
    const i = this.kept.indexOf(k);
    if (i !== this.values.indexOf(c)) return false;
    if (i < 0) {
      this.kept.push(k);
      this.values.push(c);
    }
    let byKey = this.places.get(holder);
    if (byKey === undefined) this.places.set(holder, byKey = new Map());
    byKey.set(key, stays);
    return true;
  }

  /** `providers`: the config values of user entries may be opaque. */
  private providers(k: JsonValue, c: JsonValue): boolean {
    if (!mutableMapping(k)) return this.plain(k, c);
    return this.mapping(k, c, (api, ki, ci) => {
      if (!mutableList(ki)) return this.plain(ki, ci);
      if (!mutableList(ci) || ci.length !== ki.length) return false;
      for (let i = 0; i < ki.length; i++) {
        const user = userEntry(ki[i]);
        if (user !== userEntry(ci[i])) return false;
        if (!(user ? this.providerEntry(api, ki[i] as JsonObject, ci[i] as JsonObject) : this.plain(ki[i], ci[i]))) return false;
      }
      return true;
    });
  }

  private providerEntry(api: string, k: JsonObject, c: JsonObject): boolean {
    const type = k.provider_type;
    if (type !== c.provider_type) return false;
    const known = typeof type === 'string' ? this.release.registry.find(api, type) : undefined;
    return this.mapping(k, c, (key, kv, cv) => {
      if (key !== 'config' || known === undefined || !mutableMapping(kv)) return this.plain(kv, cv);
      return this.mapping(kv, cv, (field, kf, cf) => {
        const ku = typeof kf === 'string' ? PLAIN_URL.exec(kf) : null;
        const cu = typeof cf === 'string' ? PLAIN_URL.exec(cf) : null;
        if ((ku === null) !== (cu === null)) return false;
        const declared = ku ? known.fields.find((f) => f.key === field) : undefined;
        if (ku === null || cu === null || declared === undefined || !readsAsStringOrUrl(declared.type)) return this.plain(kf, cf);
        return ku[1] === cu[1] && ku[3] === cu[3] && this.opaque(ku[2], cu[2], cv as JsonObject, field, cu[1] + cu[3]);
      });
    });
  }

  /** `registered_resources.models[*]`: plain model ids are opaque. */
  private resources(k: JsonValue, c: JsonValue): boolean {
    if (!mutableMapping(k)) return this.plain(k, c);
    return this.mapping(k, c, (kind, ki, ci) => {
      if (kind !== 'models' || !mutableList(ki)) return this.plain(ki, ci);
      if (!mutableList(ci) || ci.length !== ki.length) return false;
      for (let i = 0; i < ki.length; i++) {
        const km = ki[i];
        if (!mutableMapping(km)) {
          if (!this.plain(km, ci[i])) return false;
          continue;
        }
        const cm = ci[i];
        const same = this.mapping(km, cm, (field, kf, cf) => {
          const opaque = opaqueModelId(field, kf);
          if (opaque !== opaqueModelId(field, cf)) return false;
          return opaque ? this.opaque(kf as string, cf as string, cm as JsonObject, field, '') : this.plain(kf, cf);
        });
        if (!same) return false;
      }
      return true;
    });
  }
}

/** The keys of a kept config's mapping (a kept copy never changes), listed once. */
const KEYS = new WeakMap<JsonObject, readonly string[]>();

function keysOf(o: JsonObject): readonly string[] {
  let keys = KEYS.get(o);
  if (keys === undefined) KEYS.set(o, keys = Object.keys(o));
  return keys;
}

/** A copy of a config's parts that are not frozen (frozen parts are shared, never changed), to keep. */
export function keptCopy(v: JsonValue): JsonValue {
  if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return v;
  if (Array.isArray(v)) return v.map(keptCopy);
  const out = newObject();
  for (const k of Object.keys(v)) out[k] = keptCopy(v[k]);
  return out;
}

const LISTED_IDS = new WeakMap<Release, string>();

/**
 * Everything a run reads as text besides its opaque values (`places`, from matching the
 * config with itself): every other key and string of the config, the env, the container facts
 * and the release's listed model ids. Worked out once per shape.
 */
export function textOf(config: JsonObject, places: ShapeMatch['places'], runKeyText: string, release: Release, env: ContainerEnv): RunText {
  let text = JSON.stringify(config, function (this: object, key: string, value: unknown) {
    const stays = places.get(this)?.get(key);
    return stays === undefined ? value : stays;
  });
  text += `\u0000${runKeyText}`;
  for (const [name, v] of env) text += `\u0000${name}\u0000${v.kind === 'secret' ? v.source : v.value}`;
  let listed = LISTED_IDS.get(release);
  if (listed === undefined) {
    listed = Object.values(release.rules.listedModels).flatMap((models) => models.map((m) => m.id)).join('\u0000');
    LISTED_IDS.set(release, listed);
  }
  return new RunText(`${text}\u0000${listed}`);
}

/**
 * What a run reads besides its opaque values, asked many times whether a value occurs in it:
 * each three characters that occur in it are kept, so most values that do not occur are told
 * apart by a few lookups (one of their triples is missing) instead of a search of the text.
 */
export class RunText {
  private readonly triples = new Set<string>();

  constructor(private readonly text: string) {
    for (let i = 0; i + 3 <= text.length; i++) this.triples.add(text.slice(i, i + 3));
  }

  includes(v: string): boolean {
    for (let i = 0; i + 3 <= v.length; i++) if (!this.triples.has(v.slice(i, i + 3))) return false;
    return this.text.includes(v);
  }
}

/**
 * Whether a run of this shape may stand in for another one with other opaque values: none of
 * them occurs inside another one or inside `text` (what the run reads besides them).
 */
export function sharable(opaque: readonly string[], text: RunText): boolean {
  for (let i = 0; i < opaque.length; i++) {
    const v = opaque[i];
    if (text.includes(v)) return false;
    for (let j = 0; j < opaque.length; j++) if (i !== j && opaque[j].includes(v)) return false;
  }
  return true;
}
