import * as fs from 'fs';
import * as path from 'path';
import { EMBEDDED_DISTRIBUTIONS } from './embedded-configs';
import { operatorDistributionImage } from './images';
import { ProviderRegistry } from './registry';
import { Release, StartupRules } from './startup/release';
import { brand, isMadeBy } from '../core/brand';
import { DISABLEABLE_APIS } from '../spec/apis';

const DATA = path.join(__dirname, '..', '..', 'data', 'targets');

/** One release of a line the target's data covers (same config models). */
export interface ReleaseData {
  /** The image entrypoint passes `--insecure` (OGX 1.2.1 and later). */
  readonly entrypointInsecure: boolean;
}

/** What the release's image is made of. */
export interface PodData {
  readonly runAsUser: number;
  readonly fsGroup?: number;
  readonly home: string;
  readonly imageDistributions: string[];
  readonly tiktokenCacheDir?: string;
}

export interface TargetData {
  readonly id: string;
  readonly server: string;
  readonly release: string;
  readonly image: string;
  readonly imageTag: string;
  readonly dataDir: string;
  readonly env: {
    readonly port: string;
    readonly configDir: string;
    readonly workers?: string;
    readonly metrics?: { readonly enabled: string; readonly host: string; readonly port: string };
  };
  readonly removedApis: { [api: string]: string };
  /** What to use instead of a removed API or resource kind (`safety`, `shields`). */
  readonly replacements?: { [what: string]: string };
  /** Releases of the line whose config models are the ones modelled, by version (`_comment` aside). */
  readonly releases?: { [version: string]: ReleaseData | string };
  readonly pod?: PodData;
  readonly toolGroupsAccepted: boolean;
  readonly requiredExtras: { [providerType: string]: string[] };
}

/** The env vars a 1.2+ server reads for its Prometheus scrape endpoint. */
export interface MetricsEnvVars {
  /** Turns the endpoint on (`1`, `true`, `yes`, `on`). */
  readonly enabled: string;
  /** Bind address (the server's default is 127.0.0.1). */
  readonly host: string;
  /** Port (the server's default is 9464; a non-integer stops the server). */
  readonly port: string;
}

/**
 * The server line a distribution runs, and so the config schema it is written in: llama-stack
 * 0.7 (the last llama-stack release), OGX 0.8 (the renamed server), OGX 1.1, 1.2 and 1.3, or
 * the operator's v1alpha2 pipeline output (for parity and migration; no released server accepts it).
 */
export class ServerTarget {
  /**
   * OGX 1.3 (`docker.io/ogxai/distribution-<name>:1.3.0`, the image the operator v0.14.0 pins):
   * no safety API, SQL prompts/connectors stores, strict TLS (the entrypoint passes
   * `--insecure`), non-root image (uid 1001, `HOME=/`, data in `/.ogx`).
   */
  public static readonly OGX_1_3 = new ServerTarget('ogx-1.3');
  /** OGX 1.2 (`docker.io/ogxai/distribution-<name>:1.2.2`): strict TLS and tenancy; no `inline::transformers`. */
  public static readonly OGX_1_2 = new ServerTarget('ogx-1.2');
  /** OGX 1.1 (`docker.io/ogxai/distribution-<name>:1.1.3`): no safety API, skills, messages `kvstore`. */
  public static readonly OGX_1_1 = new ServerTarget('ogx-1.1');
  /** OGX 0.8 (`docker.io/ogxai/distribution-<name>:0.8.0`, data in `/.ogx`, `OGX_*` env vars). */
  public static readonly OGX_0_8 = new ServerTarget('ogx-0.8');
  /** llama-stack 0.7 (`docker.io/llamastack/distribution-<name>:0.7.3`, data in `/.llama`, `LLAMA_STACK_*`). */
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

  /** `ogx-1.3`, `ogx-1.2`, `ogx-1.1`, `ogx-0.8`, `llama-stack-0.7` or `operator`. */
  public readonly id: string;
  private dataCache?: TargetData;
  private releaseCache?: Release;
  private distributionsCache?: string[];
  private disableableCache?: string[];
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
    this.disableableCache ??= [...new Set([...apis.router, ...apis.plain, ...Object.keys(this.data.removedApis)])].sort();
    return [...this.disableableCache];
  }

  /** The image tag in use: the target's pinned release, or the one `withImageTag` set. */
  public get imageTag(): string {
    if (this.tagOverride !== undefined) return this.tagOverride;
    if (this.isOperator) {
      const image = operatorDistributionImage('starter')!;
      return image.slice(image.lastIndexOf(':') + 1);
    }
    return this.data.imageTag;
  }

  /** The release whose config schema and start-up checks this target models, e.g. `1.3.0` (undefined for the operator pipeline). */
  public get release(): string | undefined {
    return this.isOperator ? undefined : this.data.release;
  }

  /**
   * Releases of this line with the same config models as `release`, newest last (e.g. `1.2.0`,
   * `1.2.1`, `1.2.2`); an image of any of them runs what this target writes.
   */
  public get verifiedReleases(): string[] {
    if (this.isOperator) return [];
    const versions = Object.keys(this.data.releases ?? {}).filter((v) => !v.startsWith('_'));
    return (versions.length > 0 ? versions : [this.data.release]).sort(compareVersions);
  }

  /** Distributions the release publishes images of (`starter`, `postgres-demo`); the others exist as configs only. */
  public get imageDistributions(): string[] {
    if (this.isOperator) return [...EMBEDDED_DISTRIBUTIONS];
    return [...(this.data.pod?.imageDistributions ?? this.distributions)];
  }

  /** The uid the image runs as (0: root). */
  public get runAsUser(): number {
    return this.isOperator ? 0 : this.data.pod?.runAsUser ?? 0;
  }

  /** The fsGroup the image's writable directories expect (OGX 1.3: 1001), if any. */
  public get fsGroup(): number | undefined {
    return this.isOperator ? undefined : this.data.pod?.fsGroup;
  }

  /** `$HOME` in the image (`/root`; `/` from OGX 1.3): `~` in the config expands there. */
  public get home(): string {
    return this.isOperator ? '/root' : this.data.pod?.home ?? '/root';
  }

  /** The tiktoken cache the image bakes in (`TIKTOKEN_CACHE_DIR`), if any: a volume over it hides the pre-filled cache. */
  public get tiktokenCacheDir(): string | undefined {
    return this.isOperator ? undefined : this.data.pod?.tiktokenCacheDir;
  }

  /**
   * Whether the image's entrypoint passes `--insecure` to the server (OGX 1.2.1 and later), for
   * the image tag in use: then the 1.2+ TLS gate never stops a plain-HTTP server, and
   * `verify_tls: false` in auth is only a warning. False for lines without the flag.
   */
  public get entrypointPassesInsecure(): boolean {
    if (this.isOperator) return false;
    const release = this.data.releases?.[this.imageTag] ?? this.data.releases?.[this.data.release];
    return typeof release === 'object' && release.entrypointInsecure;
  }

  /** Env var that overrides `server.workers` (OGX 1.2+), if the line reads one. */
  public get workersEnvVar(): string | undefined {
    return this.isOperator ? undefined : this.data.env.workers;
  }

  /** Env vars of the Prometheus scrape endpoint (OGX 1.2+), if the line reads them. */
  public get metricsEnvVars(): MetricsEnvVars | undefined {
    const m = this.isOperator ? undefined : this.data.env.metrics;
    return m ? { enabled: m.enabled, host: m.host, port: m.port } : undefined;
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
    this.releaseCache ??= {
      description: this.description,
      rules: JSON.parse(fs.readFileSync(path.join(DATA, this.id, 'startup.json'), 'utf8')) as StartupRules,
      registry: this._registry,
    };
    return this.releaseCache;
  }

  /** @internal the text of a shipped base config (YAML, or JSON pre-parsed at build time), or undefined for an unknown distribution. */
  public _baseConfig(distribution: string): string | undefined {
    if (!this.distributions.includes(distribution)) return undefined;
    const hit = this.baseConfigCache.get(distribution);
    if (hit !== undefined) return hit;
    const dir = path.join(DATA, this.id, 'distributions', distribution);
    // config.json is config.yaml parsed at build time (scripts/preparse-base-configs.js, checked
    // to read to the same values): JSON text reads to the same config, without the YAML parser.
    let text: string;
    try {
      text = fs.readFileSync(path.join(dir, 'config.json'), 'utf8');
    } catch {
      text = fs.readFileSync(path.join(dir, 'config.yaml'), 'utf8');
    }
    this.baseConfigCache.set(distribution, text);
    return text;
  }

  /** Only server lines have this data; callers check `isOperator` first. */
  private get data(): TargetData {
    this.dataCache ??= JSON.parse(fs.readFileSync(path.join(DATA, this.id, 'target.json'), 'utf8')) as TargetData;
    return this.dataCache;
  }
}

/** Orders `1.2.10` after `1.2.9`. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The server line used when none is named: the newest release whose source we model (the OGX operator v0.14.0 pins it too). */
export const DEFAULT_TARGET = ServerTarget.OGX_1_3;
