import * as fs from 'fs';
import * as path from 'path';
import { ProviderRegistry } from './registry';
import { Release, StartupRules } from './startup/release';
import { DISABLEABLE_APIS } from '../config/apis';
import { EMBEDDED_DISTRIBUTIONS } from '../config/embedded-configs';
import { operatorDistributionImage } from '../config/images';
import { brand, isMadeBy } from '../core/brand';

const DATA = path.join(__dirname, '..', '..', 'data', 'targets');

export interface TargetData {
  readonly id: string;
  readonly server: string;
  readonly release: string;
  readonly image: string;
  readonly imageTag: string;
  readonly dataDir: string;
  readonly env: { readonly port: string; readonly configDir: string };
  readonly removedApis: { [api: string]: string };
  readonly toolGroupsAccepted: boolean;
  readonly requiredExtras: { [providerType: string]: string[] };
}

/**
 * The server line a distribution runs, and so the config schema it is written in: llama-stack
 * 0.7 (the last llama-stack release), OGX 0.8 (the renamed server), or the operator's v1alpha2
 * pipeline output (for parity and migration; no released server accepts it).
 */
export class ServerTarget {
  /** OGX 0.8 (`docker.io/ogxai/distribution-<name>:0.8.0`, data in `/.ogx`, `OGX_*` env vars). */
  public static readonly OGX_0_8 = new ServerTarget('ogx-0.8');
  /** llama-stack 0.7 (`docker.io/llamastack/distribution-<name>:0.7.1`, data in `/.llama`, `LLAMA_STACK_*`). */
  public static readonly LLAMA_STACK_0_7 = new ServerTarget('llama-stack-0.7');
  /** The llama-stack operator's v1alpha2 pipeline, byte for byte (its embedded base configs). */
  public static readonly OPERATOR = new ServerTarget('operator');

  /**
   * True for a `ServerTarget` made by any copy of this library (an app may load two). Checks the
   * class's brand, `Symbol.for('cdk8s-llama-stack.ServerTarget')`, not `instanceof`.
   * @param x any value
   */
  public static isServerTarget(x: any): x is ServerTarget {
    return isMadeBy(x, 'ServerTarget');
  }

  /**
   * `instanceof ServerTarget` holds for a ServerTarget made by any copy of this library (TypeScript and
   * JavaScript; jsii languages use `isServerTarget`).
   * @internal
   */
  public static [Symbol.hasInstance](x: unknown): x is ServerTarget {
    return isMadeBy(x, 'ServerTarget');
  }

  /** `ogx-0.8`, `llama-stack-0.7` or `operator`. */
  public readonly id: string;
  private dataCache?: TargetData;
  private startupCache?: StartupRules;
  private distributionsCache?: string[];
  private readonly baseConfigCache = new Map<string, string>();
  private registryCache?: ProviderRegistry;

  private constructor(id: string, private readonly tagOverride?: string) {
    brand(this, 'ServerTarget');
    this.id = id;
  }

  /** The same target with another image tag of that line (e.g. a patch release). */
  public withImageTag(tag: string): ServerTarget {
    return new ServerTarget(this.id, tag);
  }

  /** True for the operator-compatible pipeline. */
  public get isOperator(): boolean {
    return this.id === 'operator';
  }

  /** Server name and release, e.g. `OGX 0.8.0`. */
  public get description(): string {
    return this.isOperator ? 'the operator pipeline (v1alpha2)' : `${this.data.server} ${this.data.release}`;
  }

  /** The pinned image of a distribution of this line (undefined for a distribution it does not ship). */
  public imageFor(distribution: string): string | undefined {
    if (!this.distributions.includes(distribution)) return undefined;
    if (this.isOperator) {
      const image = operatorDistributionImage(distribution)!;
      return this.tagOverride ? `${image.slice(0, image.lastIndexOf(':'))}:${this.tagOverride}` : image;
    }
    return `${this.data.image.replace('{distro}', distribution)}:${this.tagOverride ?? this.data.imageTag}`;
  }

  /** Distributions whose base configs ship with this target. */
  public get distributions(): string[] {
    if (this.isOperator) return [...EMBEDDED_DISTRIBUTIONS];
    this.distributionsCache ??= fs.readdirSync(path.join(DATA, this.id, 'distributions')).sort();
    return [...this.distributionsCache];
  }

  /** Where the server writes (mount the data volume here). */
  public get dataDir(): string {
    return this.isOperator ? '/.llama' : this.data.dataDir;
  }

  /**
   * API names `disabledApis` (`spec.disabled`) takes: the release's provider APIs, plus APIs it
   * no longer has (disabling those changes nothing); the v1alpha2 CRD's nine for the operator.
   */
  public get disableableApis(): string[] {
    if (this.isOperator) return [...DISABLEABLE_APIS];
    const { apis } = this._release.rules;
    return [...new Set([...apis.router, ...apis.plain, ...Object.keys(this.data.removedApis)])].sort();
  }

  /** Env var naming the listen port. */
  public get portEnvVar(): string {
    return this.isOperator ? 'LLAMA_STACK_PORT' : this.data.env.port;
  }

  /** Env var naming the server's config/data directory. */
  public get configDirEnvVar(): string {
    return this.isOperator ? 'LLAMA_STACK_CONFIG_DIR' : this.data.env.configDir;
  }

  /** @internal */
  public get _data(): TargetData {
    return this.data;
  }

  /** @internal */
  public get _registry(): ProviderRegistry {
    this.registryCache ??= ProviderRegistry.load(path.join(DATA, this.id, 'provider-registry.json'));
    return this.registryCache;
  }

  /** @internal what the release checks at start-up (server lines only). */
  public get _release(): Release {
    this.startupCache ??= JSON.parse(fs.readFileSync(path.join(DATA, this.id, 'startup.json'), 'utf8')) as StartupRules;
    return { description: this.description, rules: this.startupCache, registry: this._registry };
  }

  /** @internal the text of a shipped base config, or undefined for an unknown distribution. */
  public _baseConfig(distribution: string): string | undefined {
    if (!this.distributions.includes(distribution)) return undefined;
    const hit = this.baseConfigCache.get(distribution);
    if (hit !== undefined) return hit;
    const text = fs.readFileSync(path.join(DATA, this.id, 'distributions', distribution, 'config.yaml'), 'utf8');
    this.baseConfigCache.set(distribution, text);
    return text;
  }

  /** Only server lines have this data; callers check `isOperator` first. */
  private get data(): TargetData {
    this.dataCache ??= JSON.parse(fs.readFileSync(path.join(DATA, this.id, 'target.json'), 'utf8')) as TargetData;
    return this.dataCache;
  }
}
