/**
 * The state one target generation shares between its stages: the target, the problems found,
 * and where each user-written part of config.yaml came from in the spec (so a start-up failure
 * is reported at the field the user wrote).
 */
import { ConfigProblem, ProblemFixes } from '../core/errors';
import { JsonValue } from '../core/json';
import { ProviderRegistry } from '../releases/registry';
import { ServerTarget, TargetData } from '../releases/server-target';
import { StartupRules } from '../releases/startup/release';
import { ProviderConfig } from '../spec/spec';

export class TargetGeneration {
  readonly problems: ConfigProblem[] = [];
  /** Legal but probably unintended: reported, and errors with `strict`. */
  readonly warnings: ConfigProblem[] = [];
  /** config.yaml path prefix → the spec path that wrote it. */
  readonly provenance = new Map<string, string>();
  /** The distribution whose base config is used (set once it is loaded). */
  distribution = 'custom';

  constructor(readonly target: ServerTarget) {}

  get registry(): ProviderRegistry {
    return this.target._registry;
  }

  get data(): TargetData {
    return this.target._data;
  }

  get rules(): StartupRules {
    return this.target._release.rules;
  }

  /** A problem; `fixes`: its fix in a manifest's words, where they differ. */
  problem(path: string, message: string, fix: string, fixes?: ProblemFixes): void {
    this.problems.push(fixes !== undefined ? { path, message, fix, fixes } : { path, message, fix });
  }

  warn(path: string, message: string, fix: string): void {
    this.warnings.push({ path, message, fix });
  }

  /** Records that the config.yaml element at `configPath` was written from `specPath`. */
  wrote(configPath: string, specPath: string): void {
    this.provenance.set(configPath, specPath);
  }

  /** The spec path of the longest recorded prefix of `configPath`, with the rest appended. */
  specPathOf(configPath: string): string | undefined {
    for (let p = configPath; p !== ''; p = parentPath(p)) {
      const spec = this.provenance.get(p);
      if (spec !== undefined) return spec;
    }
    return undefined;
  }

  /**
   * What to use instead of something the release removed (an API such as `safety`, `shields`,
   * or a provider type as `inference/inline::transformers`), when the target's data says.
   */
  replacementFor(what: string): string | undefined {
    const r = this.data.replacements;
    return r && Object.prototype.hasOwnProperty.call(r, what) ? r[what] : undefined;
  }

  /** `fix`, followed by the replacement of `what` when there is one. */
  fixWithReplacement(fix: string, what: string): string {
    const r = this.replacementFor(what);
    return r ? `${fix}; ${r}` : fix;
  }

  /**
   * The other server targets whose release has `what` (a provider type `api/type`, or a rule of
   * the start-up data), newest first, as `ServerTarget.OGX_1_3`: for fixes that name where a
   * feature exists.
   */
  targetsWith(has: (t: ServerTarget) => boolean): string[] {
    return SERVER_TARGET_NAMES.filter(([, t]) => t !== this.target && has(t)).map(([name]) => `ServerTarget.${name}`);
  }

  /** `fix`, or which targets have it when this one does not: "use ServerTarget.OGX_1_3 (it has …), or …". */
  targetsFix(has: (t: ServerTarget) => boolean, what: string, otherwise: string): string {
    const names = this.targetsWith(has);
    return names.length > 0 ? `use ${names.join(' or ')} (${what} is in ${names.length === 1 ? 'that release' : 'those releases'}), or ${otherwise}` : otherwise;
  }

  removedIn(api: string): string | undefined {
    return Object.prototype.hasOwnProperty.call(this.data.removedApis, api) ? this.data.removedApis[api] : undefined;
  }
}

/** The server targets, newest first, by their static names. */
const SERVER_TARGET_NAMES: ReadonlyArray<readonly [string, ServerTarget]> = [
  ['OGX_1_3', ServerTarget.OGX_1_3], ['OGX_1_2', ServerTarget.OGX_1_2], ['OGX_1_1', ServerTarget.OGX_1_1],
  ['OGX_0_8', ServerTarget.OGX_0_8], ['LLAMA_STACK_0_7', ServerTarget.LLAMA_STACK_0_7],
];

function parentPath(p: string): string {
  const m = /^(.*)(\.[^.[\]]+|\[\d+\])$/.exec(p);
  return m ? m[1] : '';
}

const CONDITIONAL_ID = /^\$\{env\.[A-Z0-9_]+:[+=]([^}]*)\}$/;

/** `${env.VLLM_URL:+vllm}` is the provider `vllm` when enabled: overlay matches on that. */
export function effectiveBaseId(id: JsonValue | undefined): string | undefined {
  if (typeof id !== 'string') return undefined;
  const m = CONDITIONAL_ID.exec(id);
  return m ? m[1] : id;
}

/** `remote::vllm` for `vllm`; a prefixed type (`inline::qdrant`) as written. */
export function providerType(p: ProviderConfig): string {
  return p.provider.includes('::') ? p.provider : `remote::${p.provider}`;
}

/** The id config.yaml knows a user provider by: its id, else its type without the prefix. */
export function effectiveId(p: ProviderConfig): string {
  if (p.id) return p.id;
  const i = p.provider.indexOf('::');
  return i >= 0 ? p.provider.slice(i + 2) : p.provider;
}
