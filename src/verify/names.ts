/** Names and labels of the verification objects. */

/** The Job (and its NetworkPolicy): `<name>-verify`, the same at every sync, so `kubectl create job --from=job/<name>-verify` works. */
export function jobName(name: string): string {
  return `${name}-verify`;
}

/** The ConfigMap with the script and the plan: `<name>-verify-<first 8 hex of their hash>`, a new name for new content (as the config's ConfigMap). */
export function verifyConfigMapName(name: string, contentHash: string): string {
  return `${name}-verify-${contentHash.slice(0, 8)}`;
}

/** The labels a NetworkPolicy selects the Job's pod by (none of the server's: no Service or policy of the server selects the Job). */
export function jobSelectorLabels(name: string): { [key: string]: string } {
  return { 'app.kubernetes.io/component': 'verify', 'app.kubernetes.io/instance': name };
}

/** All labels of the Job and its pod: the caller's extra labels (less the server selector's keys), then the library's. */
type Labels = { readonly [key: string]: string };

export function jobLabels(name: string, extra: Labels | undefined, serverSelector: Labels): { [key: string]: string } {
  const out: { [key: string]: string } = {};
  for (const key of Object.keys(extra ?? {}).sort()) if (!(key in serverSelector)) out[key] = extra![key];
  return {
    ...out,
    'app.kubernetes.io/name': 'llama-stack-verify',
    ...jobSelectorLabels(name),
    'app.kubernetes.io/part-of': 'llama-stack',
    'app.kubernetes.io/managed-by': 'cdk8s-llama-stack',
  };
}
