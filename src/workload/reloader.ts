/**
 * Stakater Reloader's annotations (`secret.reloader.stakater.com/reload`,
 * `configmap.reloader.stakater.com/reload`) naming the Secrets and ConfigMaps the pod reads: a
 * rotated API key or database password rolls the pods. The generated config ConfigMap is
 * hash-named and immutable (a change rolls the pods already), so it is left out.
 */

/** The Secrets and ConfigMaps a pod spec reads (env, envFrom, volumes, projected sources), sorted. */
export function referencedObjects(pod: any, skipConfigMaps: readonly string[] = []): { secrets: string[]; configMaps: string[] } {
  const secrets = new Set<string>();
  const configMaps = new Set<string>();
  for (const c of [...(pod?.initContainers ?? []), ...(pod?.containers ?? [])]) {
    for (const e of c?.env ?? []) {
      if (e?.valueFrom?.secretKeyRef?.name) secrets.add(e.valueFrom.secretKeyRef.name);
      if (e?.valueFrom?.configMapKeyRef?.name) configMaps.add(e.valueFrom.configMapKeyRef.name);
    }
    for (const f of c?.envFrom ?? []) {
      if (f?.secretRef?.name) secrets.add(f.secretRef.name);
      if (f?.configMapRef?.name) configMaps.add(f.configMapRef.name);
    }
  }
  for (const v of pod?.volumes ?? []) {
    if (v?.secret?.secretName) secrets.add(v.secret.secretName);
    if (v?.configMap?.name) configMaps.add(v.configMap.name);
    for (const s of v?.projected?.sources ?? []) {
      if (s?.secret?.name) secrets.add(s.secret.name);
      if (s?.configMap?.name) configMaps.add(s.configMap.name);
    }
  }
  for (const name of skipConfigMaps) configMaps.delete(name);
  return { secrets: [...secrets].sort(), configMaps: [...configMaps].sort() };
}

/** The Deployment annotations Reloader reads (none for a pod that reads nothing). */
export function reloaderAnnotations(pod: any, skipConfigMaps: readonly string[]): { [key: string]: string } {
  const { secrets, configMaps } = referencedObjects(pod, skipConfigMaps);
  const out: { [key: string]: string } = {};
  if (secrets.length > 0) out['secret.reloader.stakater.com/reload'] = secrets.join(',');
  if (configMaps.length > 0) out['configmap.reloader.stakater.com/reload'] = configMaps.join(',');
  return out;
}
