/**
 * `spec.externalProviders` (spec 001, deploy-time providers): which lists it has, and its
 * entries in order. The v1alpha2 CRD has `inference` only, with `providerId` and `image`; the
 * other lists and `providerType`, `module`, `config` and `secretRefs` are this library's
 * extensions for the server targets.
 */
import { ALL_PROVIDER_APIS } from './apis';
import { ExternalProviderRef, ExternalProvidersSpec, LlamaStackDistributionSpec } from './spec';
import { present } from '../core/json';
import { quoteValue } from '../core/quote';

/** One list of `spec.externalProviders`: its field and the config.yaml API name. */
export interface ExternalProviderApi {
  readonly field: keyof ExternalProvidersSpec;
  readonly api: string;
}

/** The fields `spec.externalProviders` has: the provider APIs of both releases, telemetry aside. */
const EXTERNAL_FIELDS: readonly (keyof ExternalProvidersSpec)[] = [
  'inference', 'safety', 'vectorIo', 'toolRuntime', 'files', 'fileProcessors', 'responses', 'batches',
];

/** The lists, in the order of `spec.providers` (the CRD's `inference` first). */
export const EXTERNAL_PROVIDER_APIS: readonly ExternalProviderApi[] = ALL_PROVIDER_APIS
  .filter((a) => (EXTERNAL_FIELDS as readonly string[]).includes(a.field))
  .map((a) => ({ field: a.field as keyof ExternalProvidersSpec, api: a.api }));

/** The fields of an entry the CRD has; the rest are library extensions. */
export const EXTERNAL_PROVIDER_CRD_FIELDS: readonly string[] = ['providerId', 'image'];

/** Where the server looks for them: `/opt/llama-stack/...` as in spec 001. */
export const EXTERNAL_PROVIDERS_MOUNT = '/opt/llama-stack/external-providers';
/** Installed packages (`pip install --target`), first on the server's `PYTHONPATH`. */
export const EXTERNAL_PROVIDERS_PYTHONPATH = `${EXTERNAL_PROVIDERS_MOUNT}/python-packages`;

/** An entry with its place in the spec. */
export interface ExternalProviderEntry extends ExternalProviderApi {
  /** `spec.externalProviders.<field>[<index>]`. */
  readonly path: string;
  readonly index: number;
  readonly ref: ExternalProviderRef;
}

/** Every entry, list by list in `EXTERNAL_PROVIDER_APIS` order, skipping what is not an object. */
export function externalProviderEntries(spec: LlamaStackDistributionSpec): ExternalProviderEntry[] {
  const out: ExternalProviderEntry[] = [];
  const ext = spec.externalProviders;
  if (ext === undefined || ext === null || typeof ext !== 'object') return out;
  for (const a of EXTERNAL_PROVIDER_APIS) {
    const list = Object.prototype.hasOwnProperty.call(ext, a.field) ? ext[a.field] : undefined;
    if (!Array.isArray(list)) continue;
    list.forEach((ref, index) => {
      if (ref !== null && typeof ref === 'object' && !Array.isArray(ref)) {
        out.push({ ...a, path: `spec.externalProviders.${a.field}[${index}]`, index, ref });
      }
    });
  }
  return out;
}

/** `my_org.provider==1.2.0` → `my_org.provider`: what the server imports `<package>.provider` from. */
export function modulePackage(module: string): string {
  return module.split('==')[0];
}

/** `remote::<name>` or `inline::<name>` (spec 001: the image's `spec.providerType`). */
const PROVIDER_TYPE = /^(remote|inline)::[A-Za-z0-9][A-Za-z0-9_.-]*$/;
/** A dotted Python package name, optionally `==<version>` (the server drops the version). */
const MODULE = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*(==[^\s=]+)?$/;

/** What is wrong with one field of an entry, for the caller to place at its own path. */
export interface FieldProblem {
  readonly field: string;
  readonly message: string;
  readonly fix: string;
}


/**
 * The checks the server targets need beyond the schema: `providerType` and `module` are set and
 * well-formed (the server registers `provider_type` and imports `<module>.provider`), and no
 * config key is set both in `config` and in `secretRefs`.
 */
export function externalProviderFieldProblems(ref: ExternalProviderRef): FieldProblem[] {
  const out: FieldProblem[] = [];
  const why = 'the image declares it in /lls-provider/lls-provider-spec.yaml, which is not read at synth time';
  if (!present(ref.providerType)) {
    out.push({ field: 'providerType', message: `the provider type is required (${why})`, fix: 'add providerType: <spec.providerType of the image\'s lls-provider-spec.yaml>, e.g. remote::acme-llm' });
  } else if (typeof ref.providerType === 'string' && !PROVIDER_TYPE.test(ref.providerType)) {
    out.push({ field: 'providerType', message: `${quoteValue(ref.providerType)} is not a provider type`, fix: 'write remote::<name> or inline::<name>, as the image\'s lls-provider-spec.yaml declares it' });
  }
  if (!present(ref.module)) {
    out.push({ field: 'module', message: `the Python package is required (${why})`, fix: 'add module: <spec.packageName of the image\'s lls-provider-spec.yaml>, e.g. acme_llm' });
  } else if (typeof ref.module === 'string' && !MODULE.test(ref.module)) {
    out.push({ field: 'module', message: `${quoteValue(ref.module)} is not a Python package name (the server imports "<module>.provider")`, fix: 'write the dotted package name, e.g. acme_llm or acme.providers.llm, optionally with ==<version>' });
  }
  const config = ref.config;
  const refs = ref.secretRefs;
  if (config !== null && typeof config === 'object' && !Array.isArray(config) && refs !== null && typeof refs === 'object') {
    for (const k of Object.keys(refs)) {
      if (Object.prototype.hasOwnProperty.call(config, k)) {
        out.push({ field: `secretRefs.${k}`, message: `config key ${quoteValue(k)} is also set in config`, fix: `set ${k} in config or in secretRefs, not both` });
      }
    }
  }
  return out;
}
