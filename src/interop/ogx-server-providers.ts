/**
 * OGXServer `spec.providers` in: each typed entry becomes a provider with its settings in the
 * server's config keys and its key references as Secret references; `custom` entries pass as they
 * are. Read in the operator's order (remote before inline, the kinds in its order, `custom` last),
 * never in the input's key order. Shapes were checked against the schema before (wrong shapes are
 * problems there, skipped here).
 */
import { OgxReadContext, Obj } from './ogx-server-context';
import { isKeyRef } from './ogx-server-fields';
import { OGX_PROVIDER_APIS, OGX_PROVIDER_KINDS, OgxProviderKind } from './ogx-server-schema';
import { isObject } from '../core/json';
import { plainCopy } from '../core/json-convert';

function snake(s: string): string {
  return s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** A settings value in the server's key spelling (nested camelCase objects too; header names stay as written). */
function snakeValue(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(snakeValue);
  if (isObject(v)) {
    const out: Obj = {};
    for (const [k, x] of Object.entries(v)) out[snake(k)] = k === 'headers' ? plainCopy(x) : snakeValue(x);
    return out;
  }
  return v;
}

/** The operator's env var name for a Secret reference of an entry. */
function operatorEnvName(id: string, field: string): string {
  return `OGX_${snake(id).toUpperCase().replace(/[^A-Z0-9]/g, '_')}_${snake(field).toUpperCase()}`;
}

interface Entry { readonly path: string; readonly entry: Obj; readonly fieldOf: { [configKey: string]: string } }

/** pgvector's index as the server reads it (`{type: HNSW, m, ef_construction, ef_search}`). */
function pgvectorIndex(c: OgxReadContext, index: Obj, path: string): Obj | undefined {
  c.warn(path, 'the OGX operator writes this as vector_index: {hnsw: {…}}, which the server rejects (its index is {type: HNSW|IVFFlat, …}); this render writes the form the server reads',
    'nothing to do here; under the operator, set the index in an overrideConfig');
  if (isObject(index.hnsw)) return { type: 'HNSW', ...(snakeValue(index.hnsw) as Obj) };
  if (isObject(index.ivfFlat)) {
    const f = index.ivfFlat;
    return { type: 'IVFFlat', ...(f.nlist !== undefined ? { lists: f.nlist } : {}), ...(f.nprobe !== undefined ? { probes: f.nprobe } : {}) };
  }
  return undefined;
}

/** A typed entry: its fields as the server's config keys, key references as Secret references. */
function typed(c: OgxReadContext, src: Obj, k: OgxProviderKind, path: string): Entry {
  const id = typeof src.id === 'string' ? src.id : k.type.replace('::', '-');
  const settings: Obj = {};
  const secretRefs: Obj = {};
  const fieldOf: { [key: string]: string } = typeof src.id === 'string' ? { id: 'id' } : {};
  for (const [field, value] of Object.entries(src)) {
    if (field === 'id' || !Object.prototype.hasOwnProperty.call(k.fields, field) || value === null || value === undefined) continue;
    const key = k.renames?.[field] ?? snake(field);
    fieldOf[key] = field;
    if (k.fields[field].shape === 'ref') {
      if (!isKeyRef(value)) continue;
      secretRefs[key] = { name: value.name, key: value.key };
      c.operatorEnvNames.push(operatorEnvName(id, field));
    } else if (k.type === 'remote::pgvector' && field === 'vectorIndex') {
      if (isObject(value)) {
        const index = pgvectorIndex(c, value, `${path}.vectorIndex`);
        if (index) settings.vector_index = index;
      }
    } else {
      settings[key] = snakeValue(value);
    }
  }
  return {
    path,
    fieldOf,
    entry: {
      id,
      provider: k.type,
      ...(Object.keys(secretRefs).length > 0 ? { secretRefs } : {}),
      ...(Object.keys(settings).length > 0 ? { settings } : {}),
    },
  };
}

function custom(c: OgxReadContext, src: Obj, path: string, bucket: string): Entry {
  if (typeof src.type !== 'string' || src.type === '') {
    c.problem(`${path}.type`, 'Required value: the provider type', `set type, e.g. ${bucket}::<provider>`);
  }
  const type = typeof src.type === 'string' ? (src.type.includes('::') ? src.type : `${bucket}::${src.type}`) : '';
  const id = typeof src.id === 'string' ? src.id : type.replace('::', '-');
  const secretRefs: Obj = {};
  for (const [k, r] of Object.entries(isObject(src.secretRefs) ? src.secretRefs : {})) {
    if (!isKeyRef(r)) continue;
    secretRefs[k] = { name: r.name, key: r.key };
    c.operatorEnvNames.push(operatorEnvName(id, k));
  }
  const fieldOf: { [key: string]: string } = { type: 'type' };
  return {
    path,
    fieldOf,
    entry: {
      // The operator's id when none is given: the type with '::' as '-' (remote-vllm).
      id,
      provider: type,
      ...(Object.keys(secretRefs).length > 0 ? { secretRefs } : {}),
      ...(isObject(src.settings) ? { settings: plainCopy(src.settings) } : {}),
    },
  };
}

/** Where each field of a provider entry of this library's spec came from. */
function recordSources(c: OgxReadContext, field: string, i: number, e: Entry, isCustom: boolean): void {
  const at = `spec.providers.${field}[${i}]`;
  c.source(at, e.path);
  c.source(`${at}.provider`, isCustom ? `${e.path}.type` : e.path);
  c.source(`${at}.id`, isCustom || e.fieldOf.id !== undefined ? `${e.path}.id` : e.path);
  if (isCustom) return;
  for (const [key, crdField] of Object.entries(e.fieldOf)) {
    if (key === 'id') continue;
    c.source(`${at}.settings.${key}`, `${e.path}.${crdField}`);
    c.source(`${at}.secretRefs.${key}`, `${e.path}.${crdField}`);
  }
  c.source(`${at}.settings`, e.path);
  c.source(`${at}.secretRefs`, e.path);
}

/** `spec.providers` as this library's providers, or undefined when it gives none. */
export function readProviders(c: OgxReadContext, raw: unknown): Obj | undefined {
  if (!isObject(raw)) return undefined;
  const out: Obj = {};
  for (const { field, api } of OGX_PROVIDER_APIS) {
    const apiSpec = raw[field];
    if (!isObject(apiSpec)) continue;
    const entries: { e: Entry; isCustom: boolean }[] = [];
    for (const bucket of ['remote', 'inline'] as const) {
      const b = apiSpec[bucket];
      if (!isObject(b)) continue;
      const base = `spec.providers.${field}.${bucket}`;
      for (const k of OGX_PROVIDER_KINDS.filter((x) => x.field === field && x.bucket === bucket)) {
        const value = b[k.kind];
        if (k.list && Array.isArray(value)) {
          value.forEach((v, i) => { if (isObject(v)) entries.push({ e: typed(c, v, k, `${base}.${k.kind}[${i}]`), isCustom: false }); });
        } else if (!k.list && isObject(value)) {
          entries.push({ e: typed(c, value, k, `${base}.${k.kind}`), isCustom: false });
        }
      }
      if (Array.isArray(b.custom)) {
        b.custom.forEach((v, i) => { if (isObject(v)) entries.push({ e: custom(c, v, `${base}.custom[${i}]`, bucket), isCustom: true }); });
      }
    }
    if (entries.length === 0) continue;
    out[field] = entries.map(({ e }) => e.entry);
    entries.forEach(({ e, isCustom }, i) => recordSources(c, field, i, e, isCustom));
    c.replace.push(api);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
