/**
 * LlamaStackDistribution manifests in, constructs out: a parsed manifest (manifest-read.ts) becomes
 * a `LlamaStackDistribution` with the props manifest-plan.ts gives it, problems at the manifest's
 * paths. Everything manifest-read.ts and manifest-plan.ts export is exported here too.
 */
import { Construct } from 'constructs';
import { manifestWords, propsFromParsed } from './manifest-plan';
import {
  isDistributionManifest, LLSD_KIND, ManifestParseOptions, ManifestRenderOptions, ParsedDistribution, parseDistribution, readDistribution,
  readManifestDocuments,
} from './manifest-read';
import { checkedArgument, checkedOptions, snapshotJson } from '../core/checked';
import { MANIFEST_RENDER_OPTIONS, MANIFEST_TEXT, PARSED_DISTRIBUTION } from '../core/entry-shapes';
import { ConfigProblem, LlamaStackConfigError } from '../core/errors';
import { LlamaStackDistribution, withReaderWords } from '../distribution/llama-stack-distribution';

export {
  ConfigMapKeyRef, isDistributionManifest, LLSD_KIND, MAX_MANIFEST_DEPTH, ManifestDocument, ManifestParseOptions, ManifestRenderOptions,
  manifestProblem, ParsedDistribution, parseDistribution, PLATFORM_PATH, readDistribution, readManifestDocuments, V1ALPHA1, V1ALPHA2,
} from './manifest-read';
export { planFromParsed } from './manifest-plan';

/** A `LlamaStackDistribution` from a parsed manifest; its problems are reported at the manifest's paths. */
export function distributionFromParsed(scope: Construct, id: string, parsed: ParsedDistribution,
  options: ManifestRenderOptions = {}): LlamaStackDistribution {
  // The construct says its problems and warnings at the manifest's paths, once.
  return new LlamaStackDistribution(scope, id, withReaderWords(propsFromParsed(parsed, options), manifestWords(parsed)));
}

/** Every LlamaStackDistribution of a YAML stream; any other document, or any problem, is an error. */
function parseText(text: string, options: ManifestParseOptions): ParsedDistribution[] {
  const problems: ConfigProblem[] = [];
  const parsed: ParsedDistribution[] = [];
  const docs = readManifestDocuments(text).filter((d) => d.problems.length > 0 || d.value !== null);
  for (const d of docs) {
    const at = (p: ConfigProblem) => ({ ...p, path: docs.length > 1 ? `document ${d.index}: ${p.path}` : p.path });
    if (d.problems.length > 0) {
      problems.push(...d.problems.map(at));
      continue;
    }
    const read = readDistribution(d.value, options);
    if ('parsed' in read) parsed.push(read.parsed);
    else problems.push(...read.problems.map(at));
  }
  if (problems.length > 0) throw new LlamaStackConfigError(problems);
  return parsed;
}

/** Creates a `LlamaStackDistribution` from a manifest (YAML/JSON text or an object), with render options. */
export function distributionFromManifest(scope: Construct, id: string, manifest: string | object,
  options: ManifestRenderOptions = {}): LlamaStackDistribution {
  const parsed = typeof manifest === 'string' ? LlamaStackDistributionManifest.parse(manifest, options) : parseDistribution(manifest, options);
  return distributionFromParsed(scope, id, parsed, options);
}

/**
 * Reads existing `LlamaStackDistribution` manifests: `llamastack.io/v1alpha2` as is, and
 * `llamastack.io/v1alpha1` converted to v1alpha2 (replicas → workload.replicas, containerSpec →
 * networking.port / workload.resources / workload.overrides, userConfig → overrideConfig, …).
 * Fields that cannot be honoured are errors with their path.
 */
export class LlamaStackDistributionManifest {
  /** True for a LlamaStackDistribution object of any `llamastack.io` version. */
  public static isDistribution(obj: any): boolean {
    return isDistributionManifest(obj);
  }

  /**
   * Reads the one LlamaStackDistribution in `text` (YAML or JSON). Throws `LlamaStackConfigError`
   * listing every problem, also when the text holds no manifest, several, or other kinds.
   */
  public static parse(text: string, options?: ManifestParseOptions): ParsedDistribution {
    const all = parseText(checkedArgument(MANIFEST_TEXT, text, 'text'), checkedOptions(MANIFEST_RENDER_OPTIONS, options));
    if (all.length !== 1) {
      throw new LlamaStackConfigError([{
        path: '(document)',
        message: `expected one ${LLSD_KIND} manifest, found ${all.length}`,
        fix: all.length === 0 ? 'pass the manifest text' : 'use LlamaStackDistributionManifest.parseAll for several',
      }]);
    }
    return all[0];
  }

  /** Reads every document of a YAML stream; each must be a LlamaStackDistribution. */
  public static parseAll(text: string, options?: ManifestParseOptions): ParsedDistribution[] {
    return parseText(checkedArgument(MANIFEST_TEXT, text, 'text'), checkedOptions(MANIFEST_RENDER_OPTIONS, options));
  }

  /** Reads a manifest object (e.g. from `YAML.parse` or `kubectl get -o json`). */
  public static fromObject(obj: any, options?: ManifestParseOptions): ParsedDistribution {
    return parseDistribution(snapshotJson(obj, '(document)'), checkedOptions(MANIFEST_RENDER_OPTIONS, options));
  }

  /**
   * Creates a `LlamaStackDistribution` from a parsed manifest. Problems (from the construct's
   * checks) are reported at the manifest's paths, v1alpha1 paths for a converted manifest.
   */
  public static toDistribution(scope: Construct, id: string, parsed: ParsedDistribution, options?: ManifestRenderOptions): LlamaStackDistribution {
    const checked = checkedOptions<ParsedDistribution>(PARSED_DISTRIBUTION, parsed, 'parsed');
    return distributionFromParsed(scope, id, checked, checkedOptions(MANIFEST_RENDER_OPTIONS, options));
  }

  /** Reads one manifest from `text` and creates its `LlamaStackDistribution`. */
  public static synthesize(scope: Construct, id: string, text: string, options?: ManifestRenderOptions): LlamaStackDistribution {
    return distributionFromManifest(scope, id, checkedArgument(MANIFEST_TEXT, text, 'text'), checkedOptions(MANIFEST_RENDER_OPTIONS, options));
  }

  private constructor() {}
}
