/**
 * Inputs to outputs: each LlamaStackDistribution (or OGXServer) document becomes the objects that
 * run it, other documents pass through when asked; every problem is collected with where it came from.
 */
import { ConfigProblem, formatProblem } from '../core/errors';
import { quoteValue } from '../core/quote';
import { emittedObjects, synthesizedJson } from '../distribution/emitted-objects';
import type { VerifyOptions } from '../distribution/verify-options';
import { planOutcomeFromParsed } from '../interop/manifest-plan';
import {
  isDistributionManifest, manifestProblem, V1ALPHA2, ManifestParseOptions, ParsedDistribution, readDistribution, readManifestDocuments,
} from '../interop/manifest-read';
import { checkUserConfig, InputConfigMaps, perPodStorageProblems, serverLineWarning } from '../interop/user-config';
import { ServerTarget } from '../releases/server-target';
import { Platform } from '../values/platform';

/** A document to render or pass on, with where it came from. */
export interface Input {
  readonly source: string;
  readonly index: number;
  readonly value: unknown;
  /** Where it is, for a problem that names two inputs. @default `<source>: document <index>` */
  readonly at?: string;
}

/**
 * What one input became: objects to write and, for --output-dir, what names its file: a rendered
 * distribution's name, or a passed-through object's kind and name (checked only when writing files).
 */
export interface Output {
  readonly objects: any[];
  /** Where the input came from, for problems: `cr.yaml: document 2`. */
  readonly where: string;
  /** Rendered distributions: the (validated) manifest name. */
  readonly name?: string;
  /** Passed-through objects: the object itself, and its position when it has no name. */
  readonly passed?: { readonly object: any; readonly index: number };
}

/** A document read as a manifest, not yet checked against the input's ConfigMaps nor rendered. */
export interface Prepared {
  /** Where it came from, for problems: `cr.yaml (my-stack)`. */
  readonly where: string;
  /** Undefined when it cannot be read as a manifest (`early` says why). */
  readonly parsed?: ParsedDistribution;
  /** Problems found reading it: a manifest read in its own namespace still renders, to find the rest. */
  readonly early: ConfigProblem[];
  /** Its position, for a problem that names two inputs: `cr.yaml: document 2`, `items[1]`. */
  readonly at: string;
}

export interface RenderSettings {
  readonly target: ServerTarget;
  /** `--platform` (or the Argo CD env): undefined leaves it to each manifest's annotation, else Kubernetes. */
  readonly platform?: Platform;
  /** Explicit namespace: the default, and a manifest in another one is an error. */
  readonly namespace?: string;
  /** Default namespace only (Argo CD's destination namespace). */
  readonly defaultNamespace?: string;
  readonly passThrough: boolean;
  readonly allowPerPodState: boolean;
  readonly allowUnrestrictedVolumes: boolean;
  /** `--image-registry` (or the Argo CD env): the mirror every image is pulled from. */
  readonly imageRegistry?: string;
  /** True when the target was chosen (`--target`, the Argo CD env): an OGXServer's image then does not choose it. */
  readonly targetGiven?: boolean;
  /** `--base-config FILE`: the base config text, for every manifest that brings none. */
  readonly baseConfigYaml?: string;
  /** `--verify`: the verification Job of each server. */
  readonly verify?: VerifyOptions;
}

export class Renderer {
  readonly problems: string[] = [];
  /** Printed on stderr; they do not fail the run. */
  readonly warnings: string[] = [];
  readonly outputs: Output[] = [];
  /** The input's ConfigMaps: a manifest's config ConfigMap, when present, is checked. */
  private readonly configMaps = new InputConfigMaps();
  /** Where each manifest read so far is, by namespace and name: two of them would render the same objects. */
  private readonly manifests = new Map<string, string>();

  constructor(private readonly settings: RenderSettings) {}

  /** Splits a YAML stream into inputs; syntax errors are problems. */
  read(text: string, source: string): Input[] {
    const inputs: Input[] = [];
    for (const d of readManifestDocuments(text)) {
      if (d.problems.length > 0) this.report(`${source}: document ${d.index}`, d.problems);
      else if (d.value !== null) inputs.push({ source, index: d.index, value: d.value });
    }
    return inputs;
  }

  /** Every input: ConfigMaps are known before any manifest is rendered. */
  addAll(inputs: Iterable<Input>): void {
    const list = [...inputs];
    for (const input of list) this.configMaps.add(input.value);
    for (const input of list) this.add(input);
  }

  add(input: Input): void {
    if (this.passesThrough(input.value)) {
      const v = input.value as any;
      this.outputs.push({ objects: [v], where: `${input.source}: document ${input.index}`, passed: { object: v, index: input.index } });
      return;
    }
    const output = this.complete(this.prepare(input));
    if (output !== undefined) this.outputs.push(output);
  }

  /** True when `value` is copied unchanged (--pass-through, and not a manifest to render). */
  passesThrough(value: unknown): boolean {
    return this.settings.passThrough && !isDistributionManifest(value) && value !== null && typeof value === 'object' && !Array.isArray(value);
  }

  /**
   * A ConfigMap of the input, for the manifests' checks: add every one (or, when the input is
   * streamed, every one whose name `configMapNames` gives) before `complete`.
   */
  addConfigMap(value: unknown): void {
    this.configMaps.add(value);
  }

  /**
   * A document that does not pass through, read as a manifest: nothing reported yet (`complete`
   * reports, in input order), no ConfigMap looked up yet.
   */
  prepare(input: Input): Prepared {
    const v = input.value as any;
    const name = typeof v?.metadata?.name === 'string' ? v.metadata.name : undefined;
    const at = input.at ?? `${input.source}: document ${input.index}`;
    const shown = input.at === undefined ? input.source : at;
    const where = name !== undefined ? `${shown} (${shownName(name)})` : at;
    const read = readDistribution(v, this.parseOptions(v));
    if ('parsed' in read) return { where, at, parsed: read.parsed, early: [] };
    // A manifest in another namespace than the one asked for: rendered in its own, to find the rest.
    const retry = read.problems.every((p) => p.path === 'metadata.namespace') ? readDistribution(v, {}) : undefined;
    if (retry !== undefined && 'parsed' in retry) return { where, at, parsed: retry.parsed, early: read.problems };
    const other = !isDistributionManifest(v) && v?.kind !== 'OGXServer' && typeof v?.kind === 'string';
    return {
      where,
      at,
      early: other
        ? read.problems.map((p) => (p.path === 'kind' ? { ...p, fix: 'add --pass-through to copy it unchanged, or remove it from the input' } : p))
        : read.problems,
    };
  }

  /** The names of the ConfigMaps a prepared manifest's checks look up (its base config, its user config). */
  configMapNames(prepared: Prepared): string[] {
    const names: string[] = [];
    const user = prepared.parsed?.spec.overrideConfig?.configMapName;
    if (typeof user === 'string') names.push(user);
    if (prepared.parsed?.baseConfigRef !== undefined) names.push(prepared.parsed.baseConfigRef.name);
    return names;
  }

  /** A prepared manifest checked against the input's ConfigMaps and rendered: its output, or undefined with its problems reported. */
  complete(prepared: Prepared): Output | undefined {
    const { where, parsed } = prepared;
    if (parsed === undefined) {
      this.report(where, prepared.early);
      return undefined;
    }
    const early = [...prepared.early, ...this.sameObjects(prepared.at, parsed)];
    this.report(where, parsed.warnings ?? [], this.warnings);
    const target = this.settings.targetGiven ? this.settings.target : parsed.target ?? this.settings.target;
    const base = this.baseConfig(parsed);
    this.report(where, base.warnings, this.warnings);
    // Every problem at once: the user config's and the construct's.
    const userConfig = checkUserConfig({
      spec: parsed.spec,
      namespace: parsed.namespace,
      target,
      allowPerPodState: this.settings.allowPerPodState,
      refPath: parsed.configRefPath ?? 'spec.overrideConfig.configMapName',
    }, this.configMaps);
    this.report(where, userConfig.warnings, this.warnings);
    const rendered = render(parsed, { ...this.settings, target, baseConfigYaml: base.text });
    if ('problems' in rendered) {
      // Stopped before the config was written: the per-pod stores it would have are still said.
      const perPod = rendered.problems.some((p) => /with several pods, each keeps its own/.test(p.message)) ? []
        : perPodStorageProblems(parsed.spec, target, base.text, this.settings.allowPerPodState)
          .map((p) => manifestProblem(p, parsed));
      this.report(where, [...early, ...base.problems, ...userConfig.problems, ...rendered.problems, ...perPod]);
      return undefined;
    }
    const line = parsed.apiVersion === V1ALPHA2 || (parsed.target !== undefined && parsed.target === target) ? undefined
      : serverLineWarning(parsed.spec, rendered.image, target, parsed.distributionPath ?? 'spec.distribution', parsed.apiVersion.startsWith('ogx.io/'));
    if (line) this.report(where, [line], this.warnings);
    const all = [...early, ...base.problems, ...userConfig.problems];
    if (all.length > 0) {
      this.report(where, all);
      return undefined;
    }
    return { objects: rendered.objects, where, name: parsed.name };
  }

  /**
   * A manifest named as one read before, in the same namespace (whatever their kinds or versions):
   * both would render the same objects, and whichever is applied last replaces the other.
   */
  private sameObjects(at: string, parsed: ParsedDistribution): ConfigProblem[] {
    const key = JSON.stringify([parsed.namespace ?? null, parsed.name]);
    const first = this.manifests.get(key);
    if (first === undefined) {
      this.manifests.set(key, at);
      return [];
    }
    return [{
      path: 'metadata.name',
      message: `${at} and ${first} are both named ${quoteValue(parsed.name)}, in ${parsed.namespace !== undefined ? `namespace ${parsed.namespace}` : 'the same namespace (none given)'}: `
        + 'they would render the same objects, and the one applied last would replace the other',
      fix: 'rename one of them, or put them in different namespaces',
    }];
  }

  /** The base config: OGXServer `spec.baseConfig` from the input, else `--base-config`. */
  private baseConfig(parsed: ParsedDistribution): { text?: string; problems: ConfigProblem[]; warnings: ConfigProblem[] } {
    const ref = parsed.baseConfigRef;
    const given = this.settings.baseConfigYaml;
    if (ref === undefined) return { text: given, problems: [], warnings: [] };
    const data = this.configMaps.find(ref.name, parsed.namespace);
    if (data === undefined) {
      return given !== undefined ? { text: given, problems: [], warnings: [] } : {
        problems: [],
        warnings: [{
          path: 'spec.baseConfig',
          message: `ConfigMap ${quoteValue(ref.name)} is not in the input: the base config is the one this library holds for the distribution and target`,
          fix: 'add the ConfigMap to the input, or pass --base-config FILE (the operator\'s configgen takes --base)',
        }],
      };
    }
    if (typeof data[ref.key] !== 'string') {
      return {
        problems: [{
          path: 'spec.baseConfig.key',
          message: `ConfigMap ${quoteValue(ref.name)} (in this input) has no key ${quoteValue(ref.key)}; it has ${Object.keys(data).map((k) => quoteValue(k)).join(', ') || 'no keys'}`,
          fix: 'name the key that holds the base config',
        }],
        warnings: [],
      };
    }
    return { text: data[ref.key] as string, problems: [], warnings: [] };
  }

  private parseOptions(v: any): ManifestParseOptions {
    if (this.settings.namespace !== undefined) return { namespace: this.settings.namespace };
    const own = v?.metadata?.namespace;
    return typeof own === 'string' && own !== '' ? {} : { namespace: this.settings.defaultNamespace };
  }

  report(where: string, problems: ConfigProblem[], to: string[] = this.problems): void {
    for (const p of problems) to.push(`${where}: ${formatProblem(p)}`);
  }

  /** A problem of the run as a whole (an option, the input as a whole). */
  fail(p: ConfigProblem): void {
    this.problems.push(formatProblem(p));
  }

}

/** A manifest name in `where` (`cr.yaml (my-stack)`): as is when short and printable, else quoted and cut. */
function shownName(name: string): string {
  return name.length <= 80 && /^[\x21-\x7e]*$/.test(name) ? name : quoteValue(name);
}

/**
 * The objects of one distribution: the plan's, in the order the construct emits them, each as
 * `cdk8s synth` writes it (distribution/emitted-objects.ts); no App or Chart is built.
 */
function render(parsed: ParsedDistribution, settings: RenderSettings): { objects: any[]; image: string } | { problems: ConfigProblem[] } {
  const planned = planOutcomeFromParsed(parsed, {
    target: settings.target,
    platform: settings.platform,
    baseConfigYaml: settings.baseConfigYaml,
    allowPerPodState: settings.allowPerPodState,
    allowUnrestrictedVolumes: settings.allowUnrestrictedVolumes,
    imageRegistry: settings.imageRegistry,
    verify: settings.verify,
  }, true); // the command line's writer (manifestYaml) quotes what cdk8s's writer would not
  if ('problems' in planned) return planned;
  const plan = planned.plan;
  // As the construct prints them when its app synthesizes: on the process's stderr, under its path in an app of its own.
  for (const w of plan.warnings) process.stderr.write(`warning: render/${parsed.name}: ${formatProblem(w)}\n`);
  // cdk8s's switch, which the command line honoured when it synthesized through cdk8s.
  const sortKeys = !process.env.CDK8S_DISABLE_SORT;
  return { objects: emittedObjects(plan).map((o) => synthesizedJson(o.manifest, sortKeys)), image: plan.image };
}
