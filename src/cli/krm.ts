/** `krm`: a kustomize exec KRM function; a ResourceList in on stdin, one out on stdout. */
import { CliIo, problemsText, strictProblems, warningsText } from './io';
import { Renderer } from './renderer';
import { readErrorText } from './sources';
import { oneLine } from '../core/quote';
import { isDistributionManifest } from '../interop/manifest-read';
import { manifestYaml } from '../yaml/manifest-yaml';

const RESOURCE_LIST = { apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList' };

/** Same apiVersion, kind, name and namespace: the identity kustomize gives a resource. */
function sameObject(a: any, b: any): boolean {
  const id = (o: any) => JSON.stringify([o?.apiVersion, o?.kind, o?.metadata?.name, o?.metadata?.namespace ?? '']);
  return id(a) === id(b);
}

/** The ResourceList's items and functionConfig, rendered (problems in the renderer). */
function read(r: Renderer, text: string, allowEmpty: boolean): void {
  const docs = r.read(text, 'stdin');
  const list = docs[0]?.value as any;
  if (docs.length !== 1 || list?.kind !== RESOURCE_LIST.kind || (list.items !== undefined && !Array.isArray(list.items))) {
    r.problems.push(`stdin: expected one ${RESOURCE_LIST.apiVersion} ${RESOURCE_LIST.kind} (items: [...], functionConfig: {...})`);
    return;
  }
  const items: unknown[] = list.items ?? [];
  const inputs = items.map((item, i) => ({ source: `items[${i}]`, index: i + 1, value: item, at: `items[${i}]` }));
  // kustomize 4.x also passes a generator's config among the items (marked local-config): render it once.
  const fc = list.functionConfig;
  if (isDistributionManifest(fc) && !items.some((item) => sameObject(item, fc))) {
    inputs.push({ source: 'functionConfig', index: 0, value: fc, at: 'functionConfig' });
  }
  if (!allowEmpty && !inputs.some((i) => isDistributionManifest(i.value))) {
    // As a generator (the set-up of docs/interop.md) it would output nothing, and a GitOps tool prune everything.
    r.fail({
      path: 'stdin',
      message: 'no LlamaStackDistribution to render: neither the functionConfig nor any item is one',
      fix: 'put the function annotation on the CR and list it under generators: (docs/interop.md), or pass --allow-empty to accept it',
    });
  }
  r.addAll(inputs);
}

/** How krm runs: `strict`, every warning is an error; `allowEmpty`, a list with nothing to render is kept as it is. */
export interface KrmOptions {
  readonly strict?: boolean;
  readonly allowEmpty?: boolean;
}

export function krm(r: Renderer, io: CliIo, options: KrmOptions = {}): number {
  let text: string | undefined;
  try {
    text = io.stdin();
  } catch (e) {
    r.problems.push(`stdin: ${readErrorText(e)}`);
  }
  if (text !== undefined) read(r, text, options.allowEmpty === true);
  if (options.strict) r.problems.push(...strictProblems(r.warnings.splice(0)));
  const failed = r.problems.length > 0;
  if (r.warnings.length > 0) io.stderr(warningsText(r.warnings));
  if (failed) io.stderr(problemsText(r.problems));
  io.stdout(manifestYaml({
    ...RESOURCE_LIST,
    items: failed ? [] : r.outputs.flatMap((o) => o.objects),
    ...(failed || r.warnings.length > 0 ? {
      results: [
        ...r.problems.map((message) => ({ message: oneLine(message), severity: 'error' })),
        ...r.warnings.map((message) => ({ message: oneLine(message), severity: 'warning' })),
      ],
    } : {}),
  }));
  return failed ? 1 : 0;
}
