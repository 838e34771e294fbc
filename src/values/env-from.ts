/**
 * `EnvFrom`: every key of a Secret or a ConfigMap as env vars of the server container
 * (`envFrom`), by name or from a cdk8s-plus object of the app. A cdk8s-plus ConfigMap's data is
 * read when the distribution is planned (so data added after the EnvFrom was made counts), and
 * checked there like plain env values; a ConfigMap given only by name is taken as it is.
 */
import { Chart } from 'cdk8s';
import * as kplus from 'cdk8s-plus-28';
import { brand, isMadeBy } from '../core/brand';
import { fail } from '../core/errors';
import { describeSecretValue } from '../core/redact';
import { isDns1123Subdomain, isEnvVarName, shown } from '../kubernetes/name-rules';

/** Options of an `EnvFrom` source. */
export interface EnvFromOptions {
  /**
   * Prepended to every key (`prefix: 'APP_'` makes key `MODE` the env var `APP_MODE`). An env
   * var name itself: letters, digits, `_`, `-` and `.`, not starting with a digit.
   * @default - none: each key is the env var's name
   */
  readonly prefix?: string;
  /**
   * The pod starts when the Secret or ConfigMap does not exist (its keys are then missing).
   * @default false - the pod waits for it (CreateContainerConfigError)
   */
  readonly optional?: boolean;
}

/** What an `EnvFrom` reads when the distribution is planned. */
export interface ResolvedEnvFrom {
  readonly kind: 'Secret' | 'ConfigMap';
  readonly name: string;
  readonly prefix?: string;
  readonly optional?: boolean;
  /** A cdk8s-plus ConfigMap of the app: its data (the library can check it). */
  readonly data?: { readonly [key: string]: string };
  /** A cdk8s-plus object of the app: its namespace, if it has one. */
  readonly namespace?: string;
  /** The object could not be read (not a cdk8s-plus object, or a getter threw). */
  readonly problem?: string;
}

const WHERE = 'EnvFrom';

/** A Secret or ConfigMap whose keys become env vars of the server container (`envFrom`). */
export class EnvFrom {
  /**
   * True for an `EnvFrom` made by any copy of this library.
   * @param x any value
   */
  public static isEnvFrom(x: any): x is EnvFrom {
    return isMadeBy(x, 'EnvFrom');
  }

  /**
   * Every key of a Secret, by name (the Secret may be created outside this app).
   * @param secretName name of the Secret, a DNS-1123 subdomain
   */
  public static fromSecretName(secretName: string, options: EnvFromOptions = {}): EnvFrom {
    return new EnvFrom('Secret', checkedName(secretName, 'Secret', `${WHERE}.fromSecretName(secretName)`), options, 'fromSecretName');
  }

  /** Every key of a cdk8s-plus Secret (of this app, or imported with `Secret.fromSecretName`). */
  public static fromSecret(secret: kplus.ISecret, options: EnvFromOptions = {}): EnvFrom {
    if (typeof secret !== 'object' || secret === null) fail(`${WHERE}.fromSecret(secret)`, 'must be a cdk8s-plus Secret', 'pass a kplus.Secret, or use EnvFrom.fromSecretName(<name>)');
    return new EnvFrom('Secret', secret, options, 'fromSecret');
  }

  /**
   * Every key of a ConfigMap, by name. The library cannot see its data: the credential checks
   * of env values do not reach it (use a cdk8s-plus ConfigMap of the app for them).
   * @param configMapName name of the ConfigMap, a DNS-1123 subdomain
   */
  public static fromConfigMapName(configMapName: string, options: EnvFromOptions = {}): EnvFrom {
    return new EnvFrom('ConfigMap', checkedName(configMapName, 'ConfigMap', `${WHERE}.fromConfigMapName(configMapName)`), options, 'fromConfigMapName');
  }

  /**
   * Every key of a cdk8s-plus ConfigMap. One of this app is checked like plain env values: a
   * credential in it is an error, and so is a key that the Deployment's own env vars would hide.
   */
  public static fromConfigMap(configMap: kplus.IConfigMap, options: EnvFromOptions = {}): EnvFrom {
    if (typeof configMap !== 'object' || configMap === null) {
      fail(`${WHERE}.fromConfigMap(configMap)`, 'must be a cdk8s-plus ConfigMap', 'pass a kplus.ConfigMap, or use EnvFrom.fromConfigMapName(<name>)');
    }
    return new EnvFrom('ConfigMap', configMap, options, 'fromConfigMap');
  }

  /** `Secret` or `ConfigMap`. */
  public readonly kind: string;
  /** The prefix of every env var name, if any. */
  public readonly prefix?: string;
  /** Whether the pod starts without the object. */
  public readonly optional?: boolean;
  private readonly source: string | kplus.ISecret | kplus.IConfigMap;

  private constructor(kind: 'Secret' | 'ConfigMap', source: string | kplus.ISecret | kplus.IConfigMap, raw: EnvFromOptions, factory: string) {
    brand(this, 'EnvFrom');
    let prefix: unknown;
    let optional: unknown;
    try {
      prefix = raw?.prefix;
      optional = raw?.optional;
      for (const k of Object.keys(raw ?? {})) {
        if (k !== 'prefix' && k !== 'optional') fail(`${WHERE}.${factory}(options).${k}`, 'is not an option of EnvFromOptions', 'use prefix or optional');
      }
    } catch (e) {
      if (isMadeBy(e, 'LlamaStackConfigError')) throw e;
      fail(`${WHERE}.${factory}(options)`, 'could not be read (a getter threw)', 'pass a plain object: { prefix, optional }');
    }
    if (prefix !== undefined) {
      const errs = typeof prefix === 'string' ? isEnvVarName(prefix) : ['must be a string'];
      if (errs.length > 0) {
        fail(`${WHERE}.${factory}(options).prefix`, `${typeof prefix === 'string' ? shown(prefix) : describeSecretValue(prefix)} is not an env var name prefix: ${errs.join('; ')}`,
          "use letters, digits, '_', '-' and '.', not starting with a digit (e.g. APP_)");
      }
    }
    if (optional !== undefined && typeof optional !== 'boolean') fail(`${WHERE}.${factory}(options).optional`, 'must be true or false', 'pass optional: true, or leave it out');
    this.kind = kind;
    this.prefix = prefix as string | undefined;
    this.optional = optional as boolean | undefined;
    this.source = source;
  }

  /**
   * The source's name (and, for a cdk8s-plus ConfigMap, its data), read now.
   * @internal
   */
  public _resolve(): ResolvedEnvFrom {
    const base = { kind: this.kind as 'Secret' | 'ConfigMap', prefix: this.prefix, optional: this.optional };
    if (typeof this.source === 'string') return { ...base, name: this.source };
    const what = this.kind === 'Secret' ? 'a cdk8s-plus Secret' : 'a cdk8s-plus ConfigMap';
    try {
      const obj: any = this.source;
      const name: unknown = obj.name;
      if (typeof name !== 'string') return { ...base, name: '', problem: `is not ${what}` };
      // An object of the app (not one imported by name) can add data: by its methods, not
      // `instanceof` (an app may load two copies of cdk8s-plus).
      const ofApp = typeof (this.kind === 'ConfigMap' ? obj.addData : obj.addStringData) === 'function';
      // Its own namespace, else its chart's (as cdk8s writes it).
      const namespace: unknown = ofApp ? obj.metadata?.namespace ?? Chart.of(obj).namespace : undefined;
      let data: { [key: string]: string } | undefined;
      // A ConfigMap of the app has `data`; one imported by name (fromConfigMapName) has not.
      if (this.kind === 'ConfigMap' && ofApp) {
        data = {};
        const given: unknown = obj.data;
        if (typeof given === 'object' && given !== null) for (const [k, v] of Object.entries(given)) if (typeof v === 'string') data[k] = v;
      }
      return { ...base, name, data, namespace: typeof namespace === 'string' ? namespace : undefined };
    } catch {
      return { ...base, name: '', problem: `could not be read as ${what} (a getter threw)` };
    }
  }
}

function checkedName(name: unknown, kind: 'Secret' | 'ConfigMap', at: string): string {
  if (typeof name !== 'string' || isDns1123Subdomain(name).length > 0) {
    // A Secret's name may be the secret pasted by mistake: described, not quoted.
    const what = typeof name === 'string' && kind === 'ConfigMap' ? shown(name) : `${describeSecretValue(name)} (not shown)`;
    fail(at, `${what} is not a ${kind} name`, "use lower-case letters, digits, '-' and '.', starting and ending with a letter or digit (at most 253 characters)");
  }
  return name;
}
