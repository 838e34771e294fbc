/**
 * Internal (not exported from the package): the table-driven checks and mapping behind every
 * provider factory. A factory names a `ProviderRule`; `buildProviderSpec` validates the options
 * against it and returns the v1alpha2 provider entry.
 */
import { modelListSettings, networkSpec, POSTGRES_TLS_OPTIONS, postgresTlsSpec, REMOTE_INFERENCE_OPTIONS } from './network';
import { snapshotOptions } from '../core/checked';
import { isObject, present } from '../core/json';
import { toJsonValue } from '../core/json-convert';
import { childPath } from '../core/path';
import { OptionProblems } from '../core/problems';
import { quoteValue } from '../core/quote';
import { quoteUrl } from '../core/redact';
import { hasEnvReference, startsLikeHttpUrl } from '../core/url';
import { ProviderConfig, SecretKeyRef } from '../spec/spec';
import { SecretRef } from '../values/secret-ref';

/** A typed option written to `settings` under the config key the server reads. */
export interface SettingField {
  /** Config key, e.g. `region_name`. */
  readonly key: string;
  /**
   * `port`: an integer from 1 to 65535; `count`: an integer from 1 (or within `range`);
   * `boolean`; otherwise a non-empty string.
   */
  readonly kind?: 'string' | 'port' | 'count' | 'boolean';
  /** A `count`'s bounds, both included, as the config class's `Field(ge=…, le=…)` says. */
  readonly range?: readonly [number, number];
  /** The strings the key takes (a `Literal[...]` of the config class). */
  readonly values?: readonly string[];
}

/** What one factory requires and writes. */
export interface ProviderRule {
  /** Provider type without `remote::`. */
  readonly type: string;
  /** Options that must be set (JavaScript callers can omit typed-required ones). */
  readonly required?: readonly string[];
  /** Typed options that become `settings` keys. */
  readonly settings?: { readonly [option: string]: SettingField };
  /** Typed SecretRef options that become `secretRefs` keys, as option → config key. */
  readonly secrets?: { readonly [option: string]: string };
  /** The endpoint must be an http(s) URL (the server parses it as one). */
  readonly httpEndpoint?: boolean;
  /** What to pass, per option, for the fix hints. */
  readonly hints?: { readonly [option: string]: string };
  /** A remote inference provider: `network`, `allowedModels` and `refreshModels` (network.ts). */
  readonly network?: boolean;
  /** pgvector: `sslMode` and `caCertificate` become `postgresTls` (network.ts). */
  readonly postgresTls?: boolean;
}

/** A table of rules, one per factory. */
export type RuleTable = { readonly [factory: string]: ProviderRule };

const SECRET_HINT = 'SecretRef.fromSecretName(<secret>, <key>)';
const DEFAULT_HINTS: { readonly [option: string]: string } = {
  endpoint: 'the service URL, e.g. http://<service>.<namespace>.svc:<port>',
  apiKey: SECRET_HINT,
};

/** The config key the v1alpha2 pipeline writes `endpoint` and `apiKey` to. */
const ENDPOINT_KEY = 'url';
const API_KEY_KEY = 'api_key';

/** Collects problems (the core collector) and which option wrote each config key. */
class Check extends OptionProblems {
  private readonly writers = new Map<string, string>();

  constructor(where: string, private readonly rule: ProviderRule) {
    super(where);
  }

  public hint(option: string): string {
    const what = this.rule.hints?.[option] ?? DEFAULT_HINTS[option] ?? (this.rule.secrets?.[option] ? SECRET_HINT : '<value>');
    return `pass ${option}: ${what}`;
  }

  /** Records that `option` writes config key `key`; two writers of one key are an error. */
  public writes(key: string, option: string): void {
    const first = this.writers.get(key);
    if (first === undefined) {
      this.writers.set(key, option);
    } else {
      this.problem(option, `writes config key "${key}", which ${first} already sets`, `set "${key}" in one place only`);
    }
  }

  public string(option: string, v: unknown): v is string {
    if (typeof v === 'string' && v.trim() !== '') return true;
    this.problem(option, `${option} must be a non-empty string`, this.hint(option));
    return false;
  }

  public secret(option: string, v: unknown): v is SecretRef {
    if (SecretRef.isSecretRef(v)) return true;
    this.problem(option, `${option} must be a SecretRef`, `pass ${option}: ${SECRET_HINT}`);
    return false;
  }
}

/** A type is written bare (`vllm`, read as `remote::vllm`) or with its prefix (`inline::qdrant`). */
const PREFIXED_TYPE = /^(inline|remote)::[^:\s]+$/;

function checkType(c: Check, type: unknown): void {
  if (typeof type !== 'string' || type.trim() === '') {
    c.problem('provider', 'provider type is required', 'name the provider type, e.g. vllm');
  } else if (type.includes('::') && !PREFIXED_TYPE.test(type)) {
    c.problem('provider', `${quoteValue(type)} is not a provider type`,
      'write the type without a prefix (vllm, read as remote::vllm), or with inline:: or remote:: (e.g. inline::qdrant)');
  }
}

function checkEndpoint(c: Check, rule: ProviderRule, endpoint: unknown): void {
  if (!c.string('endpoint', endpoint)) return;
  c.writes(ENDPOINT_KEY, 'endpoint');
  if (rule.httpEndpoint && !startsLikeHttpUrl(endpoint) && !hasEnvReference(endpoint)) {
    c.problem('endpoint', `${quoteUrl(endpoint)} is not an http(s) URL`,
      `write the full URL with its scheme, e.g. ${rule.hints?.endpoint ?? 'http://<service>.<namespace>.svc:<port>'}`);
  }
}

function typedSettings(c: Check, rule: ProviderRule, opts: { [key: string]: any }): { [key: string]: string | number | boolean } {
  const out: { [key: string]: string | number | boolean } = {};
  for (const [option, field] of Object.entries(rule.settings ?? {})) {
    const v = opts[option];
    if (!present(v)) continue;
    if (field.kind === 'port') {
      if (!Number.isInteger(v) || v < 1 || v > 65535) {
        c.problem(option, `${option} must be an integer from 1 to 65535`, `pass ${option}: a port number`);
        continue;
      }
    } else if (field.kind === 'count') {
      const [min, max] = field.range ?? [1, undefined];
      if (!Number.isInteger(v) || v < min || (max !== undefined && v > max)) {
        const bounds = max !== undefined ? `from ${min} to ${max}` : `from ${min}`;
        c.problem(option, `${option} must be an integer ${bounds}`, `pass ${option}: a whole number${max !== undefined ? ` ${bounds}` : ', e.g. 512'}`);
        continue;
      }
    } else if (field.kind === 'boolean') {
      if (typeof v !== 'boolean') {
        c.problem(option, `${option} must be true or false`, `pass ${option}: true or false`);
        continue;
      }
    } else if (!c.string(option, v)) {
      continue;
    } else if (field.values && !field.values.includes(v)) {
      c.problem(option, `${quoteValue(v)} is not one of ${field.values.join(', ')}`, `pass ${option}: one of ${field.values.join(', ')}`);
      continue;
    }
    c.writes(field.key, option);
    out[field.key] = v;
  }
  return out;
}

function secretRefs(c: Check, rule: ProviderRule, opts: { [key: string]: any }): { [key: string]: SecretKeyRef } {
  const out: { [key: string]: SecretKeyRef } = {};
  for (const [option, key] of Object.entries(rule.secrets ?? {})) {
    const v = opts[option];
    if (!present(v) || !c.secret(option, v)) continue;
    c.writes(key, option);
    out[key] = v.toSpec();
  }
  const user = opts.secretRefs;
  if (!present(user)) return out;
  if (!isObject(user)) {
    c.problem('secretRefs', 'secretRefs must be an object of config keys', `pass secretRefs: { <config key>: ${SECRET_HINT} }`);
    return out;
  }
  for (const key of Object.keys(user)) {
    if (key === '') {
      c.problem('secretRefs', 'a secretRefs key is empty', 'name the config key the secret is written to');
    } else if (c.secret(childPath('secretRefs', key), user[key])) {
      c.writes(key, childPath('secretRefs', key));
      Object.defineProperty(out, key, { value: user[key].toSpec(), enumerable: true, writable: true, configurable: true });
    }
  }
  return out;
}

function userSettings(c: Check, where: string, settings: unknown): { [key: string]: any } {
  if (!present(settings)) return {};
  if (!isObject(settings)) {
    c.problem('settings', 'settings must be an object of config keys', 'pass settings: { <config key>: <value> }');
    return {};
  }
  const copy = toJsonValue(settings, `${where}(settings)`, c.problems) as { [key: string]: any } | null;
  for (const key of Object.keys(copy ?? {})) c.writes(key, childPath('settings', key));
  return copy ?? {};
}

/**
 * Validates a factory's options against its rule and returns the v1alpha2 provider entry.
 * Throws a `LlamaStackConfigError` listing every problem.
 * @param where the factory, e.g. `InferenceProvider.vllm`, for the error paths
 */
export function buildProviderSpec(where: string, rule: ProviderRule, raw: unknown): ProviderConfig {
  const options = snapshotOptions(raw, `${where}(options)`, {
    type: 'its options',
    names: ['id', 'endpoint', 'apiKey', 'secretRefs', 'settings', ...Object.keys(rule.settings ?? {}), ...Object.keys(rule.secrets ?? {}),
      ...(rule.network ? REMOTE_INFERENCE_OPTIONS : []), ...(rule.postgresTls ? POSTGRES_TLS_OPTIONS : [])],
  });
  const c = new Check(where, rule);
  if (present(options) && !isObject(options)) c.problem('options', 'options must be an object', 'pass an object of options, e.g. { id: \'my-provider\' }');
  const opts: { [key: string]: any } = isObject(options) ? options : {};
  checkType(c, rule.type);
  for (const option of rule.required ?? []) {
    if (!present(opts[option])) c.problem(option, `${option} is required`, c.hint(option));
  }
  if (present(opts.id)) c.string('id', opts.id);
  if (present(opts.endpoint)) checkEndpoint(c, rule, opts.endpoint);
  const hasApiKey = present(opts.apiKey) && c.secret('apiKey', opts.apiKey);
  if (hasApiKey) c.writes(API_KEY_KEY, 'apiKey');
  const refs = secretRefs(c, rule, opts);
  const settings: { [key: string]: unknown } = { ...typedSettings(c, rule, opts) };
  const network = rule.network ? networkSpec(c, opts.network) : undefined;
  if (network) c.writes('network', 'network');
  if (rule.network) Object.assign(settings, modelListSettings(c, opts, (key, option) => c.writes(key, option)));
  const postgresTls = rule.postgresTls ? postgresTlsSpec(c, opts) : undefined;
  const user = userSettings(c, where, opts.settings);
  if (network?.tls && user.tls_verify !== undefined) {
    c.problem('settings.tls_verify', 'tls_verify is the deprecated form of network.tls.verify: with network.tls set the release ignores it', 'remove settings.tls_verify');
  }
  c.throwIfAny();
  for (const key of Object.keys(user)) {
    Object.defineProperty(settings, key, { value: user[key], enumerable: true, writable: true, configurable: true });
  }
  return {
    ...(present(opts.id) ? { id: opts.id } : {}),
    provider: rule.type,
    ...(present(opts.endpoint) ? { endpoint: opts.endpoint } : {}),
    ...(hasApiKey ? { apiKey: (opts.apiKey as SecretRef).toSpec() } : {}),
    ...(Object.keys(refs).length > 0 ? { secretRefs: refs } : {}),
    ...(Object.keys(settings).length > 0 ? { settings } : {}),
    ...(network ? { network } : {}),
    ...(postgresTls ? { postgresTls } : {}),
  };
}
