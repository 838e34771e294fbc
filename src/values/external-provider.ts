import { SecretRef } from './secret-ref';
import { brand, isMadeBy } from '../core/brand';
import { optionNames, snapshotOptions } from '../core/checked';
import { LlamaStackConfigError } from '../core/errors';
import { isObject } from '../core/json';
import { plainCopy, toJsonValue } from '../core/json-convert';
import { childPath } from '../core/path';
import { OptionProblems } from '../core/problems';
import { quoteValue } from '../core/quote';
import { EXTERNAL_PROVIDER_APIS, externalProviderFieldProblems } from '../spec/external-providers';
import { ExternalProviderRef, SecretKeyRef } from '../spec/spec';

/** Options of `ExternalProvider.fromImage`. */
export interface ExternalProviderOptions {
  /**
   * Provider id (`provider_id`). A provider of the same API with this id (in the base config or
   * in the typed providers) is replaced, with a warning; two external providers cannot share one.
   */
  readonly id: string;
  /**
   * The provider image (pinned: a version tag or a digest). It holds
   * `/lls-provider/lls-provider-spec.yaml` and the wheels in `/lls-provider/packages/`, readable
   * by any user, and has `/bin/sh`, `mkdir` and `cp` (an init container copies the wheels out;
   * the server image installs them).
   */
  readonly image: string;
  /**
   * The config.yaml API it implements: `inference`, `safety`, `vector_io`, `tool_runtime`,
   * `files`, `file_processors`, `responses` or `batches` (`spec.api` of the image's metadata).
   */
  readonly api: string;
  /**
   * Provider type, `remote::<name>` or `inline::<name>`: `spec.providerType` of the image's
   * lls-provider-spec.yaml (the image is not read at synth time).
   */
  readonly providerType: string;
  /**
   * Python package the server imports `<module>.provider` from and calls `get_provider_spec()`:
   * `spec.packageName` of the image's lls-provider-spec.yaml, optionally with `==<version>`.
   */
  readonly module: string;
  /**
   * The provider's `config` in config.yaml (plain JSON values; `${env.X}` references are
   * substituted by the server).
   * @default - {}
   */
  readonly config?: { [key: string]: any };
  /**
   * Config keys whose values come from Secrets; each becomes `<key>: ${env.LLSD_<ID>_<KEY>}`
   * with a `secretKeyRef` env var on the server container.
   * @default - none
   */
  readonly secretRefs?: { [configKey: string]: SecretRef };
}

const WHERE = 'ExternalProvider.fromImage';


/**
 * A provider that is not in the server image: installed at deploy time from its own image (spec
 * 001, "deploy-time providers"). Init containers copy the image's wheels to a shared volume and
 * install them with the server image; the server imports the package from there (`PYTHONPATH`),
 * and config.yaml gets `{provider_id, provider_type, module, config}` under `providers.<api>`.
 * Pass it in `externalProviders` of `LlamaStackDistribution` (server targets only).
 */
export class ExternalProvider {
  /**
   * True for an `ExternalProvider` made by any copy of this library (an app may load two). Checks the
   * class's brand, `Symbol.for('cdk8s-llama-stack.ExternalProvider')`, not `instanceof`.
   * @param x any value
   */
  public static isExternalProvider(x: any): x is ExternalProvider {
    return isMadeBy(x, 'ExternalProvider');
  }

  /**
   * `instanceof ExternalProvider` holds for an ExternalProvider made by any copy of this library (TypeScript and
   * JavaScript; jsii languages use `isExternalProvider`).
   * @internal
   */
  public static [Symbol.hasInstance](x: unknown): x is ExternalProvider {
    return isMadeBy(x, 'ExternalProvider');
  }

  /**
   * A provider installed from its image.
   * @param options id, image, API, provider type and package (from the image's
   * lls-provider-spec.yaml), and its config
   */
  public static fromImage(options: ExternalProviderOptions): ExternalProvider {
    return new ExternalProvider(options);
  }

  /** Provider id (`provider_id`). */
  public readonly id: string;
  /** The provider image. */
  public readonly image: string;
  /** config.yaml API name, e.g. `inference`. */
  public readonly api: string;
  /** Provider type, e.g. `remote::acme-llm`. */
  public readonly providerType: string;
  /** Python package, e.g. `acme_llm`. */
  public readonly module: string;
  /** The `spec.externalProviders` list it goes to, e.g. `inference` or `vectorIo`. */
  public readonly specField: string;
  private readonly ref: ExternalProviderRef;

  private constructor(raw: ExternalProviderOptions) {
    brand(this, 'ExternalProvider');
    const options = snapshotOptions(raw, `${WHERE}(options)`, { type: 'ExternalProviderOptions', names: optionNames<ExternalProviderOptions>({ id: true, image: true, api: true, providerType: true, module: true, config: true, secretRefs: true }) });
    const c = new OptionProblems(WHERE);
    const add = (option: string, message: string, fix: string) => c.problem(option, message, fix);
    if (!isObject(options)) throw new LlamaStackConfigError([{ path: `${WHERE}(options)`, message: 'options must be an object', fix: 'pass { id, image, api, providerType, module }' }]);
    const text = (option: 'id' | 'image' | 'api' | 'providerType' | 'module', hint: string): string => {
      const v = options[option];
      if (typeof v === 'string' && v.trim() !== '') return v;
      add(option, `${option} must be a non-empty string`, `pass ${option}: ${hint}`);
      return '';
    };
    const id = text('id', 'a provider id');
    const image = text('image', 'the provider image, e.g. quay.io/acme/llm-provider:1.0.0');
    const api = text('api', 'the config.yaml API name, e.g. inference');
    const providerType = text('providerType', 'spec.providerType of the image\'s lls-provider-spec.yaml');
    const module = text('module', 'spec.packageName of the image\'s lls-provider-spec.yaml');
    const target = EXTERNAL_PROVIDER_APIS.find((a) => a.api === api);
    if (api !== '' && !target) {
      const camel = EXTERNAL_PROVIDER_APIS.find((a) => a.field === api);
      add('api', `${quoteValue(api)} is not an API external providers can implement`,
        camel ? `write the config.yaml name "${camel.api}"` : `use one of: ${EXTERNAL_PROVIDER_APIS.map((a) => a.api).join(', ')}`);
    }
    let config: { [key: string]: any } | undefined;
    if (options.config !== undefined && options.config !== null) {
      if (!isObject(options.config)) add('config', 'config must be an object of config keys', 'pass config: { <key>: <value> }');
      else config = (toJsonValue(options.config, `${WHERE}(config)`, c.problems) ?? undefined) as { [key: string]: any } | undefined;
    }
    let secretRefs: { [key: string]: SecretKeyRef } | undefined;
    if (options.secretRefs !== undefined && options.secretRefs !== null) {
      if (!isObject(options.secretRefs)) {
        add('secretRefs', 'secretRefs must be an object of config keys', 'pass secretRefs: { <config key>: SecretRef.fromSecretName(<secret>, <key>) }');
      } else {
        secretRefs = {};
        for (const key of Object.keys(options.secretRefs)) {
          const v = options.secretRefs[key];
          if (key === '') add('secretRefs', 'a secretRefs key is empty', 'name the config key the secret is written to');
          else if (!SecretRef.isSecretRef(v)) add(childPath('secretRefs', key), 'must be a SecretRef', 'pass SecretRef.fromSecretName(<secret>, <key>)');
          else Object.defineProperty(secretRefs, key, { value: v.toSpec(), enumerable: true, writable: true, configurable: true });
        }
      }
    }
    const ref: ExternalProviderRef = {
      providerId: id,
      image,
      providerType,
      module,
      ...(config !== undefined && Object.keys(config).length > 0 ? { config } : {}),
      ...(secretRefs !== undefined && Object.keys(secretRefs).length > 0 ? { secretRefs } : {}),
    };
    if (providerType !== '' && module !== '') {
      for (const p of externalProviderFieldProblems(ref)) add(p.field, p.message, p.fix);
    }
    c.throwIfAny();
    this.id = id;
    this.image = image;
    this.api = api;
    this.providerType = providerType;
    this.module = module;
    this.specField = target!.field;
    this.ref = ref;
  }

  /** The `spec.externalProviders.<specField>[]` entry (a fresh copy on every call). */
  public toSpec(): ExternalProviderRef {
    return plainCopy(this.ref);
  }
}
