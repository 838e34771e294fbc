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
import { isJsonObject, JsonObject, JsonValue } from '../../core/json';

/** An HTTP(S) URL with a DNS-style host: `$1` before the host, `$2` the host, `$3` port and path. */
const PLAIN_URL = /^(https?:\/\/)([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)((?::[0-9]{1,5})?(?:\/[A-Za-z0-9._~/-]*)?)$/;
/** A model id without a slash, space, env reference or other punctuation. */
const PLAIN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** Model ids the model compares with a word of its own. */
const MODEL_ID_WORDS: ReadonlySet<string> = new Set(['auto', 'all']);
/** Keys of a user provider entry whose config values may be opaque (a `module:` entry is not). */
const ENTRY_KEYS: ReadonlySet<string> = new Set(['provider_id', 'provider_type', 'config']);
const OPAQUE_MODEL_FIELDS: ReadonlySet<string> = new Set(['model_id', 'provider_model_id']);

const FROZEN_IDS = new WeakMap<object, number>();
let nextFrozenId = 0;
const REQUIRED_IDS = new WeakMap<object, number>();
let nextRequiredId = 0;

function idIn(ids: WeakMap<object, number>, o: object, next: () => number): number {
  let id = ids.get(o);
  if (id === undefined) ids.set(o, id = next());
  return id;
}

/** The key of a run, its opaque values (by index) and what else the run reads as text. */
export interface Shape {
  readonly key: string;
  readonly opaque: readonly string[];
}

class ShapeWriter {
  key = '';
  readonly opaque: string[] = [];
  /** Frozen parts, for the text of the run (`textOf`). */
  readonly frozen: object[] = [];

  constructor(private readonly release: Release) {}

  /** A string, as its length and its text: a prefix code, and the text stays readable for `textOf`. */
  text(s: string): void {
    this.key += `${s.length}:${s}`;
  }

  value(v: JsonValue): void {
    if (typeof v === 'string') {this.text(v);} else if (v === null || typeof v !== 'object') {this.key += `${typeof v}${String(v)};`;} else if (Object.isFrozen(v)) {
      this.frozen.push(v);
      this.key += `#${idIn(FROZEN_IDS, v, () => nextFrozenId++)};`;
    } else if (Array.isArray(v)) {
      this.key += '[';
      for (let i = 0; i < v.length; i++) {
        this.value(v[i]);
        this.key += ',';
      }
      this.key += ']';
    } else {
      this.mapping(v, (_k, child) => this.value(child));
    }
  }

  mapping(o: JsonObject, child: (key: string, v: JsonValue) => void): void {
    this.key += '{';
    for (const k of Object.keys(o)) {
      this.text(k);
      child(k, o[k]);
      this.key += ',';
    }
    this.key += '}';
  }

  opaqueValue(v: string): void {
    let i = this.opaque.indexOf(v);
    if (i < 0) i = this.opaque.push(v) - 1;
    this.key += `\u0001${i};`;
  }

  /** `providers`: the config values of user entries (not frozen, no `module:`) may be opaque. */
  providers(v: JsonValue): void {
    if (!isJsonObject(v) || Object.isFrozen(v)) return this.value(v);
    this.mapping(v, (api, items) => {
      if (!Array.isArray(items) || Object.isFrozen(items)) return this.value(items);
      this.key += '[';
      for (const entry of items) {
        if (isJsonObject(entry) && !Object.isFrozen(entry) && Object.keys(entry).every((k) => ENTRY_KEYS.has(k))) this.providerEntry(api, entry);
        else this.value(entry);
        this.key += ',';
      }
      this.key += ']';
    });
  }

  private providerEntry(api: string, entry: JsonObject): void {
    const type = entry.provider_type;
    const known = typeof type === 'string' ? this.release.registry.find(api, type) : undefined;
    this.mapping(entry, (k, v) => {
      if (k !== 'config' || known === undefined || !isJsonObject(v) || Object.isFrozen(v)) return this.value(v);
      this.mapping(v, (field, value) => {
        const url = typeof value === 'string' ? PLAIN_URL.exec(value) : null;
        const declared = url ? known.fields.find((f) => f.key === field) : undefined;
        if (url === null || declared === undefined || !readsAsStringOrUrl(declared.type)) return this.value(value);
        this.text(url[1]);
        this.opaqueValue(url[2]);
        this.text(url[3]);
      });
    });
  }

  /** `registered_resources.models[*]`: plain model ids are opaque. */
  resources(v: JsonValue): void {
    if (!isJsonObject(v) || Object.isFrozen(v)) return this.value(v);
    this.mapping(v, (kind, items) => {
      if (kind !== 'models' || !Array.isArray(items) || Object.isFrozen(items)) return this.value(items);
      this.key += '[';
      for (const model of items) {
        if (!isJsonObject(model) || Object.isFrozen(model)) {this.value(model);} else {
          this.mapping(model, (field, id) => {
            if (OPAQUE_MODEL_FIELDS.has(field) && typeof id === 'string' && PLAIN_ID.test(id) && !MODEL_ID_WORDS.has(id)) this.opaqueValue(id);
            else this.value(id);
          });
        }
        this.key += ',';
      }
      this.key += ']';
    });
  }
}

/** The options of a run that are part of its shape. */
export interface ShapeOptions {
  readonly requiredWhenEnabled?: object;
  readonly container?: ContainerFacts;
}

/** The shape of a run; `text` is what the run reads besides its opaque values (see `textOf`). */
export function shapeOf(config: JsonObject, release: Release, envId: number, options: ShapeOptions): Shape & { readonly frozen: readonly object[] } {
  const w = new ShapeWriter(release);
  const facts = options.container ?? {};
  // The facts and the table of required keys by identity (target data, never changed).
  w.key = `${releaseId(release)}\u0000${envId}\u0000${options.requiredWhenEnabled ? idIn(REQUIRED_IDS, options.requiredWhenEnabled, () => nextRequiredId++) : -1}\u0000`
    + `${JSON.stringify([facts.home, facts.writableDirs, facts.files, facts.modules, facts.insecureFlag])}\u0000`;
  w.mapping(config, (k, v) => {
    if (k === 'providers') w.providers(v);
    else if (k === 'registered_resources') w.resources(v);
    else w.value(v);
  });
  return { key: w.key, opaque: w.opaque, frozen: w.frozen };
}

const FROZEN_TEXT = new WeakMap<object, string>();
const LISTED_IDS = new WeakMap<Release, string>();

/**
 * Everything a run reads as text besides its opaque values: the key (every other string of the
 * config), the frozen parts, the env, the container facts and the release's listed model ids.
 * Worked out once per shape.
 */
export function textOf(shape: Shape & { readonly frozen: readonly object[] }, release: Release, env: ContainerEnv): RunText {
  let text = shape.key;
  for (const o of shape.frozen) {
    let t = FROZEN_TEXT.get(o);
    if (t === undefined) FROZEN_TEXT.set(o, t = JSON.stringify(o));
    text += `\u0000${t}`;
  }
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
