/**
 * Runs a release's start-up model on synthesized objects alone: config.yaml from the ConfigMap,
 * the env and writable mounts of the Deployment's server container, the serving certificate's
 * mount. What the library computed internally is not used, so this checks the objects.
 */
import { ServerTarget } from '../../src/releases/server-target';
import { checkStartup, EnvValue } from '../../src/releases/startup';
import { readBaseConfig } from '../../src/yaml/parse';

/** Runs the start-up model again, from the objects alone: config.yaml, the Deployment's env and mounts. */
export function startupFromObjects(target: ServerTarget, manifests: any[]): { fatal: string[]; warnings: string[] } {
  // The server's Deployment (an app may have others, e.g. a UI next to it).
  const pod = manifests.find((m) => m.kind === 'Deployment' && m.spec.template.metadata?.labels?.app === 'llama-stack').spec.template.spec;
  // The ConfigMap the pod mounts as its config (an app may have others, e.g. one for envFrom).
  const configName = (pod.volumes ?? []).find((v: any) => v.name === 'config')?.configMap?.name;
  // A pod that mounts another (a broken Deployment) is compared with the generated one, which holds config.yaml.
  const configMap = manifests.find((m) => m.kind === 'ConfigMap' && m.metadata?.name === configName)
    ?? manifests.find((m) => m.kind === 'ConfigMap' && m.data?.['config.yaml'] !== undefined);
  const container = pod.containers[0];
  const env = new Map<string, EnvValue>();
  // envFrom first (env wins): the keys of a ConfigMap among the objects; a Secret's are not known here.
  for (const f of container.envFrom ?? []) {
    const source = f.configMapRef ? manifests.find((m) => m.kind === 'ConfigMap' && m.metadata?.name === f.configMapRef.name) : undefined;
    for (const [k, v] of Object.entries(source?.data ?? {})) env.set(`${f.prefix ?? ''}${k}`, { kind: 'value', value: String(v) });
  }
  for (const e of container.env ?? []) env.set(e.name, e.valueFrom ? { kind: 'secret', source: e.name } : { kind: 'value', value: e.value ?? '' });
  const writableDirs = (container.volumeMounts ?? []).filter((m: any) => !m.readOnly).map((m: any) => m.mountPath);
  const tls = (container.volumeMounts ?? []).find((m: any) => m.name === 'tls');
  const files = tls ? [`${tls.mountPath}/tls.crt`, `${tls.mountPath}/tls.key`] : [];
  // ConfigMap and Secret keys mounted as files (a provider's CA, its client certificate).
  for (const m of container.volumeMounts ?? []) {
    const v = (pod.volumes ?? []).find((x: any) => x.name === m.name);
    for (const item of v?.configMap?.items ?? v?.secret?.items ?? []) if (!m.subPath) files.push(`${m.mountPath}/${item.path}`);
  }
  const report = checkStartup(readBaseConfig(configMap.data['config.yaml'])!, target._release, env, {
    requiredWhenEnabled: target._data.requiredExtras,
    container: { writableDirs, files, modules: installedModules(pod, container), insecureFlag: entrypointInsecure(target, container) },
  });
  const show = (f: { path: string; message: string }) => `${f.path}: ${f.message}`;
  return { fatal: [...configMounted(pod, container, configMap), ...report.fatal.map(show)], warnings: report.warnings.map(show) };
}

/** Whether the image the Deployment runs passes `--insecure` (by its tag), or its args do. */
function entrypointInsecure(target: ServerTarget, container: any): boolean {
  if ((container.args ?? []).includes('--insecure')) return true;
  const image: string = container.image ?? '';
  const tag = image.includes(':') ? image.slice(image.lastIndexOf(':') + 1) : undefined;
  return (tag ? target.withImageTag(tag) : target).entrypointPassesInsecure;
}

/**
 * The Python packages the pod's init containers install where the server imports from: the
 * install container's `EXTERNAL_PROVIDERS`, each with a copy container for its image that writes
 * the wheels directory it reads, and its `TARGET` directory on a volume the server mounts at a
 * path on its `PYTHONPATH`.
 */
function installedModules(pod: any, container: any): string[] {
  const pythonPath: string[] = ((container.env ?? []).find((e: any) => e.name === 'PYTHONPATH')?.value ?? '').split(':').filter((p: string) => p !== '');
  const inits: any[] = pod.initContainers ?? [];
  const out: string[] = [];
  inits.forEach((init, i) => {
    const list = (init.env ?? []).find((e: any) => e.name === 'EXTERNAL_PROVIDERS')?.value;
    const script: string = (init.command ?? []).join(' ');
    const root = /ROOT = '([^']+)'/.exec(script)?.[1];
    const target = /TARGET = '([^']+)'/.exec(script)?.[1];
    if (!list || !root || !target) return;
    const mount = (init.volumeMounts ?? []).find((m: any) => target.startsWith(`${m.mountPath}/`));
    const serverMount = (container.volumeMounts ?? []).find((m: any) => m.name === mount?.name);
    if (!mount || !serverMount || !pythonPath.includes(serverMount.mountPath + target.slice(mount.mountPath.length))) return;
    for (const p of JSON.parse(list)) {
      const copied = inits.slice(0, i).some((c) => c.image === p.image
        && (c.command ?? []).includes(`${root}/wheels/${p.wheels}`)
        && (c.volumeMounts ?? []).some((m: any) => m.name === mount.name && m.mountPath === root));
      if (copied) out.push(String(p.module).split('==')[0]);
    }
  });
  return out;
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

