/** The state one start-up run shares between its stages. */
import { looksLikeCredential, maskUrlPasswords } from '../../core/credential-keys';
import { getOwn, isJsonObject, JsonObject, JsonValue } from '../../core/json';
import { ProviderType } from '../registry';
import { SubstitutionResult } from './env-substitution';
import { Findings } from './findings';
import { Release } from './release';

/** Where the container can write, and which files it has. */
export interface ContainerFacts {
  /** Absolute directories the pod can write (volume mounts). @default - none known: not checked */
  readonly writableDirs?: readonly string[];
  /** `$HOME` of the server process, for `~` from substitution. @default "/" */
  readonly home?: string;
  /** Files the pod has (mounted Secrets, ConfigMaps). @default - none */
  readonly files?: readonly string[];
  /**
   * Python packages the pod installs for `module:` providers (importable through `PYTHONPATH`).
   * @default - not known: `module:` packages are assumed to be installed
   */
  readonly modules?: readonly string[];
  /**
   * The image entrypoint passes `--insecure` (OGX images from 1.2.1), which sets
   * `server.insecure: true` before the config is parsed.
   * @default false
   */
  readonly insecureFlag?: boolean;
}

/** Options of a start-up run (`checkStartup`). */
export interface StartupOptions {
  /** Provider type → config keys its `initialize()` needs when enabled. */
  readonly requiredWhenEnabled?: { readonly [providerType: string]: readonly string[] };
  readonly container?: ContainerFacts;
}

/** A provider entry the server builds: its id resolved to a non-empty string. */
export interface EnabledProvider {
  readonly api: string;
  readonly id: string;
  readonly type: string;
  readonly config: JsonObject;
  /** Its position in config.yaml. */
  readonly path: string;
  /** The registry's entry, if the type exists in the release (and no `module:` replaces it). */
  readonly known?: ProviderType;
  /** The `module:` whose `get_provider_spec()` the type comes from (an external provider). */
  readonly module?: string;
}

export class StartupContext {
  readonly findings = new Findings();
  /** API → its enabled providers, in config order. */
  readonly enabled = new Map<string, EnabledProvider[]>();
  /** What `once` worked out in this run, by the function that works it out. */
  private readonly derived = new Map<(c: StartupContext) => unknown, unknown>();

  constructor(readonly release: Release, readonly doc: JsonObject, readonly sub: SubstitutionResult, readonly facts: ContainerFacts) {}

  get rules() {
    return this.release.rules;
  }

  /** The `apis` list, or undefined when it is empty or omitted (every API is served). Read once: the document does not change. */
  get listedApis(): readonly string[] | undefined {
    return this.once(listedApis);
  }

  /** `compute(this)`, worked out once per run: the document and the facts do not change during one. */
  once<T>(compute: (c: StartupContext) => T): T {
    if (!this.derived.has(compute)) this.derived.set(compute, compute(this));
    return this.derived.get(compute) as T;
  }

  /** A router API (or its routing table) is present when listed, or when `apis` is empty. */
  routerPresent(api: string): boolean {
    const router = this.rules.apis.routingTables[api] ?? api;
    const listed = this.listedApis;
    return this.rules.apis.router.includes(router) && (listed === undefined || listed.includes(router));
  }

  /** Whether `impls[api]` exists, by the kind of API (§4.3 of the start-up notes). */
  apiPresent(api: string): boolean {
    if (this.rules.apis.internal.includes(api)) return true;
    if (this.rules.apis.plain.includes(api)) return (this.enabled.get(api) ?? []).length > 0;
    return this.routerPresent(api);
  }

  enabledIn(api: string): EnabledProvider[] {
    return this.enabled.get(api) ?? [];
  }

  findEnabled(api: string, id: string): EnabledProvider | undefined {
    return this.enabledIn(api).find((p) => p.id === id);
  }

  /** Where a mapping of the resolved document was written. */
  pathOf(o: JsonValue | undefined, fallback: string): string {
    return isJsonObject(o) ? this.sub.origin.get(o) ?? fallback : fallback;
  }

  /** Env vars whose substitution produced the value at `path`. */
  envAt(path: string): readonly string[] {
    return this.sub.envAt.get(path) ?? [];
  }
}

function listedApis(c: StartupContext): readonly string[] | undefined {
  const apis = getOwn(c.doc, 'apis');
  return !Array.isArray(apis) || apis.length === 0 ? undefined : apis.filter((a): a is string => typeof a === 'string');
}

export function mapping(v: JsonValue | undefined): JsonObject | undefined {
  return isJsonObject(v) ? v : undefined;
}

export function list(v: JsonValue | undefined): JsonValue[] {
  return Array.isArray(v) ? v : [];
}

/**
 * A config value for a finding. A value that looks like a credential (a token typed into
 * `tls_verify`) is described, never quoted; a URL's password is masked.
 */
export function show(v: JsonValue | undefined): string {
  if (typeof v === 'string' && looksLikeCredential(v)) return `a string of ${v.length} characters that looks like a credential (not shown)`;
  if (typeof v === 'string') {
    const masked = maskUrlPasswords(v);
    return JSON.stringify(masked.length > 80 ? `${masked.slice(0, 77)}...` : masked);
  }
  return v === undefined ? 'nothing' : JSON.stringify(v);
}
