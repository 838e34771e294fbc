/**
 * Inputs to outputs: each LlamaStackDistribution (or OGXServer) document becomes the objects that
 * run it, other documents pass through when asked; every problem is collected with where it came from.
 */
import * as os from 'os';
import * as path from 'path';
import { App, Chart } from 'cdk8s';
import { ConfigProblem, formatProblem, LlamaStackConfigError } from '../core/errors';
import { quoteValue } from '../core/quote';
import {
  distributionFromParsed, isDistributionManifest, ManifestParseOptions, parseDistribution, ParsedDistribution, readManifestDocuments,
} from '../interop/manifest';
import { ServerTarget } from '../targets/server-target';
import { QUOTED_YAML_CONTEXT } from '../workload/plan';

/** A document to render or pass on, with where it came from. */
export interface Input {
  readonly source: string;
  readonly index: number;
  readonly value: unknown;
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

export interface RenderSettings {
  readonly target: ServerTarget;
  /** Explicit namespace: the default, and a manifest in another one is an error. */
  readonly namespace?: string;
  /** Default namespace only (Argo CD's destination namespace). */
  readonly defaultNamespace?: string;
  readonly passThrough: boolean;
  readonly allowPerPodState: boolean;
  readonly allowUnrestrictedVolumes: boolean;
}

export class Renderer {
  readonly problems: string[] = [];
  readonly outputs: Output[] = [];

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

  add(input: Input): void {
    const v = input.value as any;
    if (this.settings.passThrough && !isDistributionManifest(v) && v !== null && typeof v === 'object' && !Array.isArray(v)) {
      this.outputs.push({ objects: [v], where: `${input.source}: document ${input.index}`, passed: { object: v, index: input.index } });
      return;
    }
    const name = typeof v?.metadata?.name === 'string' ? v.metadata.name : undefined;
    const where = name !== undefined ? `${input.source} (${shownName(name)})` : `${input.source}: document ${input.index}`;
    let parsed: ParsedDistribution;
    try {
      parsed = parseDistribution(v, this.parseOptions(v));
      this.outputs.push({ objects: render(parsed, this.settings), where, name: parsed.name });
    } catch (e) {
      if (!(e instanceof LlamaStackConfigError)) throw e;
      const other = !isDistributionManifest(v) && v?.kind !== 'OGXServer' && typeof v?.kind === 'string';
      this.report(where, other
        ? e.problems.map((p) => (p.path === 'kind' ? { ...p, fix: 'add --pass-through to copy it unchanged, or remove it from the input' } : p))
        : e.problems);
    }
  }

  private parseOptions(v: any): ManifestParseOptions {
    if (this.settings.namespace !== undefined) return { namespace: this.settings.namespace };
    const own = v?.metadata?.namespace;
    return typeof own === 'string' && own !== '' ? {} : { namespace: this.settings.defaultNamespace };
  }

  report(where: string, problems: ConfigProblem[]): void {
    for (const p of problems) this.problems.push(`${where}: ${formatProblem(p)}`);
  }

  /** A problem of the run as a whole (an option, the input as a whole). */
  fail(p: ConfigProblem): void {
    this.problems.push(formatProblem(p));
  }

  /** Every object to write, in order. */
  * objects(): IterableIterator<any> {
    for (const o of this.outputs) yield* o.objects;
  }
}

/** A manifest name in `where` (`cr.yaml (my-stack)`): as is when short and printable, else quoted and cut. */
function shownName(name: string): string {
  return name.length <= 80 && /^[\x21-\x7e]*$/.test(name) ? name : quoteValue(name);
}

/** The objects of one distribution: synthesized in an app of its own, never written to disk. */
function render(parsed: ParsedDistribution, settings: RenderSettings): any[] {
  const app = new App({ outdir: path.join(os.tmpdir(), 'cdk8s-llama-stack-cli') });
  app.node.setContext(QUOTED_YAML_CONTEXT, true); // manifestYaml quotes what cdk8s's writer would not
  const chart = new Chart(app, 'render', { disableResourceNameHashes: true });
  distributionFromParsed(chart, parsed.name, parsed, {
    target: settings.target, allowPerPodState: settings.allowPerPodState, allowUnrestrictedVolumes: settings.allowUnrestrictedVolumes,
  });
  synthChecks(app);
  return chart.toJson();
}

/**
 * What `app.synthYaml()` does before it writes text, without writing the text (the objects are
 * written from `chart.toJson()`): construct validations, with cdk8s's own error text. Dependencies
 * between constructs (none here unless something added one) take cdk8s's own path.
 */
function synthChecks(app: App): void {
  const all = app.node.findAll();
  if (all.some((c) => c.node.dependencies.length > 0)) {
    app.synthYaml(); // dependency order and construct validations, as `cdk8s synth`
    return;
  }
  const errors: string[] = [];
  for (const c of all) for (const e of c.node.validate()) errors.push(`[${c.node.path}] ${e}`);
  if (errors.length > 0) throw new Error(`Validation failed with the following errors:\n  ${errors.join('\n  ')}`);
}
