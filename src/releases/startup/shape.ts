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
 * A kept run (`KeptShape`) holds each opaque value's index of first occurrence, so which of them
 * are equal is part of the shape. A value can stand in for another only where nothing else could
 * be compared with it, so `sharable` holds only when no opaque value occurs inside another one or
 * inside any other string of the run (config, env, container facts, the release's listed model
 * ids), and none is a word the model looks for. Frozen parts of the config are shared, never
 * changed objects: a shape holds them by identity.
 */
import { StartupOptions } from './context';
import { ContainerEnv } from './env-substitution';
import { readsAsStringOrUrl } from './field-types';
import { Release, releaseId } from './release';
import { isJsonObject, JsonObject, JsonValue } from '../../core/json';
import { ObjectIds } from '../../core/object-ids';

/** An HTTP(S) URL with a DNS-style host: `$1` before the host, `$2` the host, `$3` port and path. */
const PLAIN_URL = /^(https?:\/\/)([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)((?::[0-9]{1,5})?(?:\/[A-Za-z0-9._~/-]*)?)$/;
/** A model id without a slash, space, env reference or other punctuation. */
const PLAIN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** Model ids the model compares with a word of its own. */
const MODEL_ID_WORDS: ReadonlySet<string> = new Set(['auto', 'all']);
/** Keys of a user provider entry whose config values may be opaque (a `module:` entry is not). */
const ENTRY_KEYS: ReadonlySet<string> = new Set(['provider_id', 'provider_type', 'config']);
const OPAQUE_MODEL_FIELDS: ReadonlySet<string> = new Set(['model_id', 'provider_model_id']);

/** Tables of required keys (target data, never changed) by identity. */
const REQUIRED_IDS = new ObjectIds<object>();

/** What two runs must have in common besides their configs: release, env, required keys, container facts. */
export function runKey(release: Release, envId: number, options: StartupOptions): string {
  const facts = options.container ?? {};
  const required = options.requiredWhenEnabled === undefined ? -1 : REQUIRED_IDS.of(options.requiredWhenEnabled);
  return `${releaseId(release)}\u0000${envId}\u0000${required}\u0000${JSON.stringify([facts.home, facts.writableDirs, facts.files, facts.modules, facts.insecureFlag])}`;
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
 * One step of a kept config, in the order a walk meets it: a scalar or frozen part (the same
 * value, a frozen one the same object), a list (its length) or mapping (its keys, in order) that
 * is not frozen, or an opaque value (a URL's host, between what comes before and after it, or a
 * model id) with the index of its first occurrence among the opaque values.
 */
type Step =
  | { readonly kind: 'same'; readonly value: JsonValue }
  | { readonly kind: 'list'; readonly length: number }
  | { readonly kind: 'mapping'; readonly keys: readonly string[] }
  | { readonly kind: 'host'; readonly before: string; readonly after: string; readonly index: number }
  | { readonly kind: 'modelId'; readonly field: string; readonly index: number };

/**
 * A kept run's config as the steps a walk of it meets. Another config has its shape when it
 * walks the same steps: equal, except that at the places where a value may be opaque both are
 * opaque and stand in the same order of first occurrence.
 */
export class KeptShape {
  /** The kept config's opaque values, by index of first occurrence. */
  readonly opaque: string[] = [];
  /** Where the kept config has its opaque values (holder → key → what stays of the value): for `textOf`. */
  readonly places = new WeakMap<object, Map<string, string>>();
  private readonly steps: Step[] = [];

  constructor(private readonly release: Release, config: JsonObject) {
    this.mapping(config, (key, v) => (key === 'providers' ? this.providers(v) : key === 'registered_resources' ? this.resources(v) : this.plain(v)));
  }

  /** The other config's opaque values (at the kept ones' indexes) when it has this shape, else undefined. */
  match(config: JsonObject): string[] | undefined {
    const values: string[] = [];
    let at = 0;
    const same = (c: JsonValue | undefined): boolean => {
      const step = this.steps[at++];
      switch (step.kind) {
        case 'same':
          return c === step.value;
        case 'list':
          if (!mutableList(c) || c.length !== step.length) return false;
          for (let i = 0; i < c.length; i++) if (!same(c[i])) return false;
          return true;
        case 'mapping': {
          if (!mutableMapping(c)) return false;
          // for…in visits own keys in Object.keys order without making their list; an inherited key only makes the match fail.
          let i = 0;
          for (const key in c) if (key !== step.keys[i++] || !same(c[key])) return false;
          return i === step.keys.length;
        }
        case 'host': {
          const url = typeof c === 'string' ? PLAIN_URL.exec(c) : null;
          return url !== null && url[1] === step.before && url[3] === step.after && opaque(url[2], step.index);
        }
        case 'modelId':
          return opaqueModelId(step.field, c) && opaque(c, step.index);
      }
    };
    const opaque = (v: string, index: number): boolean => {
      const i = values.indexOf(v);
      if (i >= 0) return i === index;
      if (index !== values.length) return false;
      values.push(v);
      return true;
    };
    return same(config) ? values : undefined;
  }

  /** A mapping's step (its keys), then each value's steps as `each` writes them. */
  private mapping(o: JsonObject, each: (key: string, v: JsonValue) => void): void {
    const keys = Object.keys(o);
    this.steps.push({ kind: 'mapping', keys });
    for (const k of keys) each(k, o[k]);
  }

  /** A list's step (its length), then each item's steps as `each` writes them. */
  private list(items: JsonValue[], each: (v: JsonValue) => void): void {
    this.steps.push({ kind: 'list', length: items.length });
    for (const item of items) each(item);
  }

  private plain(v: JsonValue): void {
    if (mutableList(v)) this.list(v, (item) => this.plain(item));
    else if (mutableMapping(v)) this.mapping(v, (_k, child) => this.plain(child));
    else this.steps.push({ kind: 'same', value: v });
  }

  private opaqueIndex(v: string, holder: object, key: string, stays: string): number {
    let i = this.opaque.indexOf(v);
    if (i < 0) i = this.opaque.push(v) - 1;
    let byKey = this.places.get(holder);
    if (byKey === undefined) this.places.set(holder, byKey = new Map());
    byKey.set(key, stays);
    return i;
  }

  /** `providers`: the config values of user entries (not frozen, no `module:`) may be opaque. */
  private providers(v: JsonValue): void {
    if (!mutableMapping(v)) return this.plain(v);
    this.mapping(v, (api, items) => {
      if (!mutableList(items)) return this.plain(items);
      this.list(items, (item) => (userEntry(item) ? this.providerEntry(api, item) : this.plain(item)));
    });
  }

  private providerEntry(api: string, entry: JsonObject): void {
    const type = entry.provider_type;
    const known = typeof type === 'string' ? this.release.registry.find(api, type) : undefined;
    this.mapping(entry, (key, config) => {
      if (key !== 'config' || known === undefined || !mutableMapping(config)) return this.plain(config);
      this.mapping(config, (field, value) => {
        const url = typeof value === 'string' ? PLAIN_URL.exec(value) : null;
        const declared = url ? known.fields.find((f) => f.key === field) : undefined;
        if (url === null || declared === undefined || !readsAsStringOrUrl(declared.type)) return this.plain(value);
        this.steps.push({ kind: 'host', before: url[1], after: url[3], index: this.opaqueIndex(url[2], config, field, url[1] + url[3]) });
      });
    });
  }

  /** `registered_resources.models[*]`: plain model ids are opaque. */
  private resources(v: JsonValue): void {
    if (!mutableMapping(v)) return this.plain(v);
    this.mapping(v, (kind, items) => {
      if (kind !== 'models' || !mutableList(items)) return this.plain(items);
      this.list(items, (model) => {
        if (!mutableMapping(model)) return this.plain(model);
        this.mapping(model, (field, id) => {
          if (!opaqueModelId(field, id)) return this.plain(id);
          this.steps.push({ kind: 'modelId', field, index: this.opaqueIndex(id, model, field, '') });
        });
      });
    });
  }
}

const LISTED_IDS = new WeakMap<Release, string>();

/**
 * Everything a run reads as text besides its opaque values (`places`, from its `KeptShape`):
 * every other key and string of the config, the env, the container facts and the release's
 * listed model ids. Worked out once per shape.
 */
export function textOf(config: JsonObject, places: KeptShape['places'], runKeyText: string, release: Release, env: ContainerEnv): RunText {
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
