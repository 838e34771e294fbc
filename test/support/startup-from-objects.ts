/**
 * Runs a release's start-up model on synthesized objects alone: config.yaml from the ConfigMap,
 * the env and writable mounts of the Deployment's server container, the serving certificate's
 * mount. What the library computed internally is not used, so this checks the objects.
 */
import { readBaseConfig } from '../../src/config/yaml-parse';
import { ServerTarget } from '../../src/targets/server-target';
import { checkStartup, EnvValue } from '../../src/targets/startup';

/** Runs the start-up model again, from the objects alone: config.yaml, the Deployment's env and mounts. */
export function startupFromObjects(target: ServerTarget, manifests: any[]): { fatal: string[]; warnings: string[] } {
  const configMap = manifests.find((m) => m.kind === 'ConfigMap');
  const pod = manifests.find((m) => m.kind === 'Deployment').spec.template.spec;
  const container = pod.containers[0];
  const env = new Map<string, EnvValue>();
  for (const e of container.env ?? []) env.set(e.name, e.valueFrom ? { kind: 'secret', source: e.name } : { kind: 'value', value: e.value ?? '' });
  const writableDirs = (container.volumeMounts ?? []).filter((m: any) => !m.readOnly).map((m: any) => m.mountPath);
  const tls = (container.volumeMounts ?? []).find((m: any) => m.name === 'tls');
  const files = tls ? [`${tls.mountPath}/tls.crt`, `${tls.mountPath}/tls.key`] : [];
  const report = checkStartup(readBaseConfig(configMap.data['config.yaml'])!, target._release, env, {
    requiredWhenEnabled: target._data.requiredExtras,
    container: { writableDirs, files },
  });
  const show = (f: { path: string; message: string }) => `${f.path}: ${f.message}`;
  return { fatal: report.fatal.map(show), warnings: report.warnings.map(show) };
}

