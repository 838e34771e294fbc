/**
 * `register_resources` at start-up, in the server's order: models, shields, vector_stores (and
 * on 0.7.1 datasets, scoring_fns, benchmarks). Each list is skipped when its router API is not
 * served; entries with no provider id are skipped; an entry naming a provider that is not
 * enabled, an embedding model without a dimension, a shield id its provider refuses, and an
 * identifier registered twice with other fields stop the server.
 */
import { list, mapping, show, StartupContext } from './context';
import { getOwn, isJsonObject, JsonObject, JsonValue } from '../../core/json';

/** A model in the registry once start-up is done, by identifier. */
export interface RegisteredModel {
  readonly identifier: string;
  readonly type: string;
  readonly providerId: string;
  readonly dimension?: JsonValue;
  /** Where it was written (undefined for models a provider lists by itself). */
  readonly path?: string;
}

/** What registration leaves behind for the post-start checks. */
export interface Registered {
  readonly models: Map<string, RegisteredModel>;
  readonly shields: Set<string>;
}

const MODEL_TYPES = ['llm', 'embedding', 'rerank'];

/** A provider entry whose id is `${env.X:+id}`: enabled only while X is set. */
interface EnablingSwitch {
  readonly envVar: string;
  readonly id: string;
}

/** The entry's `${env.X:+id}` switch, or null when its id is not conditional. */
function enablingSwitch(entry: JsonValue): EnablingSwitch | null {
  const raw = isJsonObject(entry) ? getOwn(entry, 'provider_id') : undefined;
  const m = typeof raw === 'string' ? /^\$\{env\.([A-Z0-9_]+):\+([^}]*)\}$/.exec(raw) : null;
  return m ? { envVar: m[1], id: m[2] } : null;
}

/** The env var X of the `${env.X:+id}` entry that enables provider `id` of `api` in the (raw) config, if one does. */
export function enablingEnvVar(config: JsonObject, api: string, id: string): string | undefined {
  const providers = mapping(getOwn(config, 'providers'));
  for (const p of list(providers ? getOwn(providers, api) : undefined)) {
    const sw = enablingSwitch(p);
    if (sw && sw.id === id) return sw.envVar;
  }
  return undefined;
}

class Registration {
  readonly models = new Map<string, RegisteredModel>();
  readonly shields = new Set<string>();
  /** Identifier → the fields the registry stores, to find conflicting re-registrations. */
  private readonly storedForm = new Map<string, string>();

  constructor(private readonly c: StartupContext, private readonly raw: JsonObject) {}

  private entries(kind: string): { entry: JsonObject; path: string }[] {
    const rr = mapping(getOwn(this.c.doc, 'registered_resources'));
    return list(rr ? getOwn(rr, kind) : undefined).map((e, i) => ({ entry: e as JsonObject, path: this.c.pathOf(e, `registered_resources.${kind}[${i}]`) }))
      .filter(({ entry, path }) => {
        if (isJsonObject(entry)) return true;
        this.c.findings.fatal(path, `a ${kind} entry must be a mapping, not ${show(entry)}`, 'write it as a mapping');
        return false;
      });
  }

  /** The router API is served; otherwise the whole list is skipped without a message. */
  private served(kind: string, count: number): boolean {
    const api = this.c.rules.resources[kind]?.api;
    if (api === undefined || this.c.routerPresent(api)) return true;
    if (count > 0) this.c.findings.warn(`registered_resources.${kind}`, `${kind} are never registered: the ${api} API is not served`, `add ${api} to apis, or remove these ${kind}`);
    return false;
  }

  /** The entry's provider id, or undefined when it is skipped (no id) — with a warning. */
  private providerId(kind: string, entry: JsonObject, path: string): string | undefined {
    const id = getOwn(entry, 'provider_id');
    if (typeof id === 'string' && id !== '') return id;
    if (!Object.prototype.hasOwnProperty.call(entry, 'provider_id') || id === null || id === '') {
      // `${env.X:+id}` with X unset: switched off on purpose (only a debug log in the server).
      if (this.c.envAt(`${path}.provider_id`).length > 0) return undefined;
      this.c.findings.warn(path, `this ${kind.replace(/s$/, '')} has no provider_id, so it is never registered`, 'set provider_id, or remove the entry');
      return undefined;
    }
    this.c.findings.fatal(`${path}.provider_id`, `provider_id became ${show(id)} after env substitution, and it must be a string`, 'use an id that does not look like a number', this.c.envAt(`${path}.provider_id`));
    return undefined;
  }

  private notEnabled(api: string, kind: string, id: string, path: string): void {
    const env = enablingEnvVar(this.raw, api, id);
    const known = this.c.enabledIn(api).map((p) => p.id);
    this.c.findings.fatal(`${path}.provider_id`,
      `Provider \`${id}\` not found: no enabled ${api} provider has that id${env ? ` (the base config enables ${id} only when ${env} is set)` : ''}`,
      env ? `configure the ${id} provider (its endpoint), or set ${env} in the container` : `register the ${kind.replace(/s$/, '')} on one of: ${known.join(', ') || `(no ${api} provider is enabled)`}`,
      env ? [env] : undefined);
  }

  private stringField(entry: JsonObject, key: string, path: string): string | undefined {
    const v = getOwn(entry, key);
    if (typeof v === 'string' && v !== '') return v;
    if (v === undefined || v === null) return undefined;
    this.c.findings.fatal(`${path}.${key}`, `${key} became ${show(v)} after env substitution, and it must be a string`, `use a ${key} that does not look like a number or a boolean`, this.c.envAt(`${path}.${key}`));
    return undefined;
  }

  registerModels(): void {
    const list_ = this.entries('models');
    if (!this.served('models', list_.length)) return;
    const rules = this.c.rules;
    for (const { entry, path } of list_) {
      const modelId = this.stringField(entry, 'model_id', path);
      if (modelId === undefined) {
        if (!Object.prototype.hasOwnProperty.call(entry, 'model_id')) this.c.findings.fatal(`${path}.model_id`, 'model_id: Field required', 'name the model');
        continue;
      }
      const type = getOwn(entry, 'model_type') ?? 'llm';
      if (typeof type !== 'string' || !MODEL_TYPES.includes(type)) {
        this.c.findings.fatal(`${path}.model_type`, `model_type must be one of ${MODEL_TYPES.join(', ')}, not ${show(type)}`, 'use llm, embedding or rerank');
        continue;
      }
      const pid = this.providerId('models', entry, path);
      if (pid === undefined) continue;
      const providerModelId = this.stringField(entry, 'provider_model_id', path) ?? modelId;
      const metadata = mapping(getOwn(entry, 'metadata')) ?? {};
      const dimension = getOwn(metadata, 'embedding_dimension');
      if (type === 'embedding' && (dimension === undefined || dimension === null)) {
        this.c.findings.fatal(path, `Embedding model must have an embedding dimension in its metadata (${modelId})`, 'set metadata.embedding_dimension (ModelConfig.embeddingDimension)');
        continue;
      }
      if (pid === 'all') {
        if (rules.providerIdAll === 'fatal') {
          this.c.findings.fatal(`${path}.provider_id`, `Provider \`all\` not found (${this.c.release.description} has no provider_id: all)`, 'name the inference provider');
        } else if (this.c.enabledIn('inference').length === 0) {
          this.c.findings.warn(path, 'provider_id: all with no enabled inference provider: skipped with a warning', 'name the inference provider');
        } else {
          this.c.findings.warn(path, `provider_id: all registers ${modelId} on the first enabled inference provider (${this.c.enabledIn('inference')[0].id}) after asking it over the network; a failure is logged as a warning`, 'name the inference provider and the provider model id');
        }
        continue;
      }
      if (!this.c.findEnabled('inference', pid)) {
        this.notEnabled('inference', 'models', pid, path);
        continue;
      }
      if (rules.providerModelIdAuto && providerModelId === 'auto') {
        this.c.findings.warn(`${path}.provider_model_id`, 'provider_model_id: auto asks the provider for its models at start-up, and a failure stops the server', 'write the provider model id');
      }
      const identifier = rules.modelIdentifier === 'model_id'
        ? (modelId.startsWith(`${pid}/`) ? modelId : `${pid}/${modelId}`)
        : `${pid}/${providerModelId}`;
      const stored = JSON.stringify([providerModelId, pid, type, metadata]);
      const earlier = this.models.get(identifier);
      if (earlier && earlier.path !== undefined && this.storedForm.get(identifier) !== stored) {
        this.c.findings.fatal(path, `Object of type 'model' and identifier '${identifier}' already exists with conflicting field values (${earlier.path} registered it first)`,
          rules.modelIdentifier === 'provider_model_id' ? 'give the two models different provider model ids (0.7.1 identifies a model by provider_id/provider_model_id)' : 'register the model once');
        continue;
      }
      this.storedForm.set(identifier, stored);
      this.models.set(identifier, { identifier, type, providerId: pid, dimension, path });
    }
  }

  registerShields(): void {
    const list_ = this.entries('shields');
    if (!this.served('shields', list_.length)) return;
    for (const { entry, path } of list_) {
      const shieldId = this.stringField(entry, 'shield_id', path);
      if (shieldId === undefined) continue;
      const pid = this.providerId('shields', entry, path);
      if (pid === undefined) continue;
      const provider = this.c.findEnabled('safety', pid);
      if (!provider) {
        this.notEnabled('safety', 'shields', pid, path);
        continue;
      }
      const resourceId = this.stringField(entry, 'provider_shield_id', path) ?? shieldId;
      const allowed = this.c.rules.shieldIds[provider.type];
      if (allowed && !allowed.includes(resourceId)) {
        this.c.findings.fatal(path, `${provider.type} refuses shield ${show(resourceId)}: it registers only ${allowed.join(', ')}`, `name the shield ${allowed.join(' or ')}, or use another safety provider`);
        continue;
      }
      const params = mapping(getOwn(entry, 'params')) ?? {};
      const missing = (this.c.rules.shieldParams[provider.type] ?? []).filter((k) => getOwn(params, k) === undefined);
      if (missing.length > 0) {
        this.c.findings.fatal(`${path}.params`, `${provider.type} reads params.${missing.join(', params.')} when it registers a shield (KeyError otherwise)`, `set params: { ${missing.map((k) => `${k}: ...`).join(', ')} }`);
        continue;
      }
      this.shields.add(shieldId);
    }
  }

  registerVectorStores(): void {
    const list_ = this.entries('vector_stores');
    if (!this.served('vector_stores', list_.length)) return;
    for (const { entry, path } of list_) {
      for (const k of ['vector_store_id', 'embedding_model', 'embedding_dimension']) {
        if (getOwn(entry, k) === undefined || getOwn(entry, k) === null) this.c.findings.fatal(`${path}.${k}`, `${k}: Field required`, `set ${k}`);
      }
      const pid = this.providerId('vector_stores', entry, path);
      if (pid === undefined) continue;
      if (!this.c.findEnabled('vector_io', pid)) {
        this.notEnabled('vector_io', 'vector_stores', pid, path);
        continue;
      }
      const model = getOwn(entry, 'embedding_model');
      const found = typeof model === 'string' ? this.models.get(model) : undefined;
      if (typeof model === 'string' && (!found || found.path === undefined)) {
        this.c.findings.fatal(`${path}.embedding_model`, `ModelNotFoundError: ${show(model)} is not a model registered in this config (vector stores register before providers list their models)`,
          `register the embedding model and use its full identifier (${[...this.models.values()].filter((m) => m.type === 'embedding').map((m) => m.identifier).join(', ') || 'none registered'})`);
      } else if (found && found.type !== 'embedding') {
        this.c.findings.fatal(`${path}.embedding_model`, `ModelTypeError: ${model} is a ${found.type} model, not an embedding model`, 'use an embedding model');
      }
    }
  }

  /** llama-stack 0.7.1's datasets, scoring functions and benchmarks. */
  registerEvaluation(): void {
    const rules = this.c.rules;
    if (rules.resources.datasets) {
      const datasets = this.entries('datasets');
      if (this.served('datasets', datasets.length)) {
        for (const { entry, path } of datasets) {
          const meta = mapping(getOwn(entry, 'metadata')) ?? {};
          const source = mapping(getOwn(entry, 'source')) ?? {};
          const uri = getOwn(source, 'uri');
          const inferred = typeof getOwn(meta, 'provider_id') === 'string' ? getOwn(meta, 'provider_id') as string
            : typeof uri === 'string' && uri.startsWith('huggingface') ? 'huggingface' : 'localfs';
          if (!this.c.findEnabled('datasetio', inferred)) this.notEnabled('datasetio', 'datasets', inferred, path);
        }
      }
    }
    if (rules.resources.scoring_fns) {
      const fns = this.entries('scoring_fns');
      if (this.served('scoring_fns', fns.length)) {
        for (const { entry, path } of fns) {
          const pid = getOwn(entry, 'provider_id');
          if (typeof pid !== 'string' || pid === '') continue;
          const provider = this.c.findEnabled('scoring', pid);
          if (!provider) this.notEnabled('scoring', 'scoring_fns', pid, path);
          else if (typeof getOwn(entry, 'description') !== 'string') this.c.findings.fatal(`${path}.description`, 'description: Field required', 'describe the scoring function');
          else if (provider.type !== 'inline::llm-as-judge') this.c.findings.fatal(path, `${provider.type} does not register scoring functions (NotImplementedError)`, 'register it on an inline::llm-as-judge provider');
        }
      }
    }
    if (rules.resources.benchmarks) {
      const benchmarks = this.entries('benchmarks');
      if (this.served('benchmarks', benchmarks.length)) {
        for (const { entry, path } of benchmarks) {
          const pid = getOwn(entry, 'provider_id');
          if (typeof pid !== 'string' || pid === '') {
            this.c.findings.warn(path, 'this benchmark has no provider_id, so it is never registered', 'set provider_id, or remove the entry');
          } else if (!this.c.findEnabled('eval', pid)) {
            this.notEnabled('eval', 'benchmarks', pid, path);
          }
        }
      }
    }
  }

  toolGroups(): void {
    const rr = mapping(getOwn(this.c.doc, 'registered_resources'));
    if (list(rr ? getOwn(rr, 'tool_groups') : undefined).length > 0) {
      this.c.findings.warn('registered_resources.tool_groups', 'registered_resources.tool_groups is deprecated and dropped (DeprecationWarning): tool groups come from the tool_runtime providers', 'remove tool_groups');
    }
  }
}

/** Registers what the config lists, as the server would on a fresh metadata store. */
export function registerResources(c: StartupContext, raw: JsonObject): Registered {
  const r = new Registration(c, raw);
  r.toolGroups();
  r.registerModels();
  r.registerShields();
  r.registerVectorStores();
  r.registerEvaluation();
  return { models: r.models, shields: r.shields };
}
