/**
 * Migration checks for a manifest whose config ConfigMap (v1alpha1 `server.userConfig`, v1alpha2
 * `overrideConfig`, OGXServer `overrideConfig`) sits in the same input: the key the Deployment
 * mounts must be in it, and its text must start on the target (the start-up model, as for
 * `overrideConfigYaml`). And the server line: a manifest that names an image or a distribution
 * the operator resolved may run another release here, which is said as a warning.
 */
import { ConfigProblem, fixFor } from '../core/errors';
import { isObject } from '../core/json';
import { quoteValue } from '../core/quote';
import { isReleasedImage } from '../distribution/image';
import { checkOverrideConfig } from '../generate/override-config';
import { perPodStores, severalPods } from '../generate/shared-state';
import { generateTargetConfigOutcome } from '../generate/target-config';
import { containerEnv } from '../releases/pod-env';
import { ServerTarget } from '../releases/server-target';
import { LlamaStackDistributionSpec } from '../spec/spec';
import { PATHS } from '../workload/plan';
import { readBaseConfig } from '../yaml/parse';

/** The key under which the Deployment mounts a user's config ConfigMap. */
export const MOUNTED_CONFIG_KEY = 'config.yaml';
/** The llama-stack operator's key until early 2026. */
export const LEGACY_CONFIG_KEY = 'run.yaml';

/** ConfigMaps of the input, by namespace ('' for none) and name. */
export class InputConfigMaps {
  private readonly maps = new Map<string, { data: { [key: string]: unknown }; namespace?: string }>();

  /** Remembers `obj` when it is a v1 ConfigMap. */
  add(obj: unknown): void {
    if (!isObject(obj) || obj.kind !== 'ConfigMap' || obj.apiVersion !== 'v1' || !isObject(obj.metadata)) return;
    const name = obj.metadata.name;
    if (typeof name !== 'string') return;
    const ns = typeof obj.metadata.namespace === 'string' ? obj.metadata.namespace : '';
    this.maps.set(`${ns}/${name}`, { data: isObject(obj.data) ? obj.data : {}, namespace: ns || undefined });
  }

  /** The ConfigMap `name` in `namespace` (or one that names no namespace). */
  find(name: string, namespace: string | undefined): { [key: string]: unknown } | undefined {
    return (namespace !== undefined ? this.maps.get(`${namespace}/${name}`) : undefined)?.data ?? this.maps.get(`/${name}`)?.data;
  }
}

export interface UserConfigFacts {
  /** The spec, as rendered. */
  readonly spec: LlamaStackDistributionSpec;
  readonly namespace?: string;
  readonly target: ServerTarget;
  readonly allowPerPodState?: boolean;
  /** Where the manifest names the ConfigMap (`spec.server.userConfig.configMapName`). */
  readonly refPath: string;
  /** The key the manifest names, if its CRD has one (OGXServer `overrideConfig.key`). */
  readonly key?: string;
}

/** Problems and warnings about the user's config ConfigMap, when it is in the input. */
export function checkUserConfig(facts: UserConfigFacts, maps: InputConfigMaps): { problems: ConfigProblem[]; warnings: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const warnings: ConfigProblem[] = [];
  const name = facts.spec.overrideConfig?.configMapName;
  if (typeof name !== 'string') return { problems, warnings };
  const data = maps.find(name, facts.namespace);
  if (data === undefined) return { problems, warnings };
  const keys = Object.keys(data);
  const wanted = facts.key ?? MOUNTED_CONFIG_KEY;
  let key = wanted;
  if (typeof data[wanted] !== 'string') {
    const has = keys.length === 0 ? 'it has no keys' : `it has ${keys.map((k) => quoteValue(k)).join(', ')}`;
    const legacy = keys.includes(LEGACY_CONFIG_KEY) ? ` ("${LEGACY_CONFIG_KEY}" was the llama-stack operator's key until early 2026)` : '';
    problems.push({
      path: facts.refPath,
      message: `ConfigMap ${quoteValue(name)} (in this input) has no key "${wanted}", which the Deployment mounts as the server's config; ${has}${legacy}: the pod would not start`,
      fix: keys.length > 0
        ? `rename the key ${quoteValue(keys.includes(LEGACY_CONFIG_KEY) ? LEGACY_CONFIG_KEY : keys[0])} to "${wanted}" in ConfigMap ${quoteValue(name)}`
        : `add the server's config under "${wanted}" in ConfigMap ${quoteValue(name)}`,
    });
    const other = keys.includes(LEGACY_CONFIG_KEY) ? LEGACY_CONFIG_KEY : keys.length === 1 ? keys[0] : undefined;
    if (other === undefined || typeof data[other] !== 'string') return { problems, warnings };
    key = other;
  }
  const where = `ConfigMap ${name} data.${key}`;
  const checked = checkOverrideConfig(data[key] as string, facts.spec, facts.target, {
    serverTlsDir: facts.spec.networking?.tls?.enabled === true ? PATHS.tlsDir : undefined,
    scratchDirs: [PATHS.tmpDir, PATHS.cacheDir],
  }, facts.allowPerPodState === true);
  // The check speaks props (it is overrideConfigYaml's): said here, once, in the manifest's words.
  const at = (p: ConfigProblem): ConfigProblem => ({
    path: p.path === 'props.overrideConfigYaml' ? where : `${where} (with ${p.path})`,
    message: p.message,
    fix: fixFor(p, 'manifest'),
  });
  problems.push(...checked.problems.map(at));
  warnings.push(...checked.warnings.map(at));
  return { problems, warnings };
}

/**
 * A warning when the server line changes: the manifest named an image, or a distribution the
 * operator resolved to its own image, and this render runs `image` for `target`.
 */
export function serverLineWarning(spec: LlamaStackDistributionSpec, image: string, target: ServerTarget, path: string,
  ogxOperator = false): ConfigProblem | undefined {
  const named = spec.distribution?.image;
  if (typeof named === 'string' && named !== '') {
    // A released image names its release: the planner's release check already says what fits.
    if (isReleasedImage(named)) return undefined;
    const repo = (i: string) => i.replace(/@.*$/, '').replace(/:[^/:]*$/, '');
    const ours = spec.distribution?.name !== undefined ? target.imageFor(spec.distribution.name) : undefined;
    if (ours !== undefined && ours === named) return undefined;
    return {
      path: `${path}.image`,
      message: `the manifest's image ${quoteValue(named)} runs with a config written for ${target.description}`
        + (ours !== undefined && repo(ours) !== repo(named) ? ` (whose image is ${quoteValue(ours)})` : '')
        + ': if the image is another release, the config may not start it',
      fix: 'pass --target for the image\'s release (ogx-1.3, ogx-1.2, ogx-1.1, ogx-0.8, llama-stack-0.7), or remove the image to run the target\'s own',
    };
  }
  const name = spec.distribution?.name;
  if (ogxOperator) {
    if (target.release === OGX_OPERATOR_RELEASE) return undefined;
    return {
      path: `${path}.name`,
      message: `the OGX operator (v0.14.0) runs OGX ${OGX_OPERATOR_RELEASE} for a distribution name; this render runs ${quoteValue(image)} (${target.description})`,
      fix: 'pass --target ogx-1.3 to keep the release, or name the image in spec.distribution.image',
    };
  }
  if (typeof name === 'string') {
    return {
      path: `${path}.name`,
      message: `distribution ${quoteValue(name)} runs ${quoteValue(image)} (${target.description}), not the image the operator resolved for it`,
      fix: 'check the release is the one you want; pass --target to pick another server line',
    };
  }
  return undefined;
}

/** The OGX release the OGX operator v0.14.0 pins for distribution names. */
export const OGX_OPERATOR_RELEASE = '1.3.0';

/**
 * When a render failed before its config was written (a credential in plain text, an unknown
 * provider…), the storage backends that would live in the pod are still known from the
 * distribution's base config and `spec.storage`: reported with the other problems, so a manifest
 * with several replicas does not learn about them in a second round. Providers are left out (their
 * problems are what stopped the render), so only SQLite backends are said. As found: the caller
 * says them at the manifest's paths (`manifestProblem`).
 */
export function perPodStorageProblems(spec: LlamaStackDistributionSpec, target: ServerTarget, baseConfigYaml: string | undefined,
  allowPerPodState: boolean): ConfigProblem[] {
  const where = severalPods(spec);
  if (allowPerPodState || where === undefined || spec.overrideConfig !== undefined || target.isOperator) return [];
  const bare: LlamaStackDistributionSpec = { distribution: spec.distribution, storage: spec.storage, workload: spec.workload };
  // A spec whose storage alone cannot be generated has its problems said by the render: none here.
  const generated = generateTargetConfigOutcome(bare, target, { baseConfigYaml, allowPerPodState: true });
  if ('problems' in generated) return [];
  const config = readBaseConfig(generated.config.configYaml);
  if (config === null) return [];
  return perPodStores(config, target, containerEnv(target, bare, []), where)
    .filter((p) => /^storage backend /.test(p.message));
}
