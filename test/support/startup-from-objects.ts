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
  return { fatal: [...configMounted(pod, container, configMap), ...report.fatal.map(show)], warnings: report.warnings.map(show) };
}

/** The image's entrypoint runs RUN_CONFIG_PATH only if that file exists, else the bundled config. */
function configMounted(pod: any, container: any, configMap: any): string[] {
  const file: string | undefined = (container.env ?? []).find((e: any) => e.name === 'RUN_CONFIG_PATH')?.value;
  if (!file) return ['deployment: RUN_CONFIG_PATH is not set (the image would boot its bundled config)'];
  const dir = file.slice(0, file.lastIndexOf('/'));
  const mount = (container.volumeMounts ?? []).find((m: any) => m.mountPath === dir);
  const volume = (pod.volumes ?? []).find((v: any) => v.name === mount?.name);
  const item = volume?.configMap?.items?.find((i: any) => i.path === file.slice(dir.length + 1));
  if (volume?.configMap?.name !== configMap.metadata.name || item?.key !== 'config.yaml') {
    return [`deployment: ${file} is not the generated ConfigMap's config.yaml (the image would boot its bundled config)`];
  }
  return [];
}

