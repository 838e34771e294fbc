/**
 * deployment.ts: the server's Deployment — the selector a subset of the template's labels (apps/v1
 * requires it), the restricted Pod Security Standard (runAsNonRoot, seccomp RuntimeDefault, no
 * privilege escalation, read-only root, ALL capabilities dropped), the probes on /v1/health, the
 * config ConfigMap, the data volume (emptyDir with its sizeLimit, or the PVC) and the config's
 * other data directories, the TLS Secret, and Reloader annotations (the Secrets and ConfigMaps a
 * pod reads, found in every place a pod spec names them).
 */
import { dataDirSubPath, podLayout, referencedObjects, reloaderAnnotations, renderDeployment } from '../../src/workload/deployment';
import { WorkloadPlan } from '../../src/workload/plan';
import { LLAMA_LABELS, workloadPlan } from '../support/workload-plan';

function plan(spec: object = {}, extra: Partial<WorkloadPlan> = {}): WorkloadPlan {
  const base = workloadPlan(spec, extra);
  return { ...base, layout: podLayout(base) };
}

const pod = (p: WorkloadPlan) => renderDeployment(p).spec.template.spec;

describe('renderDeployment', () => {
  test('the minimal Deployment', () => {
    const d = renderDeployment(plan());
    expect(d.apiVersion).toBe('apps/v1');
    expect(d.metadata).toEqual({ name: 'llama', namespace: 'ai', labels: { ...LLAMA_LABELS, 'app.kubernetes.io/version': '1.3.0' } });
    expect(d.spec.replicas).toBe(1);
    const selector = d.spec.selector.matchLabels;
    expect(selector).toEqual({ 'app': 'llama-stack', 'app.kubernetes.io/instance': 'llama' });
    for (const [k, v] of Object.entries(selector)) expect(d.spec.template.metadata.labels[k]).toBe(v);
    const spec = d.spec.template.spec;
    expect(spec.serviceAccountName).toBe('llama-sa');
    expect(spec.automountServiceAccountToken).toBe(false);
    expect(spec.securityContext).toEqual({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
    const [c] = spec.containers;
    expect(c.name).toBe('llama-stack');
    expect(c.image).toBe('quay.io/ogx/server:1.3.0');
    expect(c.ports).toEqual([{ name: 'http', containerPort: 8321, protocol: 'TCP' }]);
    expect(c.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ['ALL'] } });
    for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
      expect(c[probe].httpGet).toEqual({ path: '/v1/health', port: 'http', scheme: 'HTTP' });
    }
    expect(c.volumeMounts).toEqual([
      { name: 'config', mountPath: '/etc/llama-stack', readOnly: true },
      { name: 'lls-storage', mountPath: '/.llama' },
      { name: 'cache', mountPath: '/.cache' },
      { name: 'tmp', mountPath: '/tmp' },
    ]);
    expect(spec.volumes).toEqual([
      { name: 'config', configMap: { name: 'llama-config-01234567', items: [{ key: 'config.yaml', path: 'config.yaml' }] } },
      { name: 'lls-storage', emptyDir: { sizeLimit: '10Gi' } },
      { name: 'cache', emptyDir: { sizeLimit: '1Gi' } },
      { name: 'tmp', emptyDir: { sizeLimit: '1Gi' } },
    ]);
  });

  test('every mount names a volume of the pod', () => {
    const p = pod(plan({ networking: { tls: { enabled: true, secretName: 'serving' } } }, { dataDirs: ['/opt/x'] }));
    const names = new Set(p.volumes.map((v: any) => v.name));
    for (const m of p.containers[0].volumeMounts) expect(names.has(m.name)).toBe(true);
  });

  test('with storage the data volume is the PVC, and a config data directory is a subPath of it', () => {
    const p = pod(plan({ workload: { storage: { size: '5Gi' } } }, { dataDirs: ['/opt/app-root/src/.llama'] }));
    expect(p.volumes[1]).toEqual({ name: 'lls-storage', persistentVolumeClaim: { claimName: 'llama-pvc' } });
    expect(p.containers[0].volumeMounts.slice(-1)).toEqual([{ name: 'lls-storage', mountPath: '/opt/app-root/src/.llama', subPath: 'dirs/opt/app-root/src/.llama' }]);
  });

  test('without storage each config data directory gets an emptyDir of its own, mounted after tmp', () => {
    const p = pod(plan({}, { dataDirs: ['/opt/a', '/opt/b'] }));
    expect(p.volumes.map((v: any) => v.name)).toEqual(['config', 'lls-storage', 'cache', 'tmp', 'data-dir-0', 'data-dir-1']);
    expect(p.containers[0].volumeMounts.map((m: any) => `${m.name} ${m.mountPath}`))
      .toEqual(['config /etc/llama-stack', 'lls-storage /.llama', 'cache /.cache', 'tmp /tmp', 'data-dir-0 /opt/a', 'data-dir-1 /opt/b']);
  });

  test('serving TLS mounts the kubernetes.io/tls Secret read-only', () => {
    const p = pod(plan({ networking: { tls: { enabled: true, secretName: 'serving' } } }));
    expect(p.volumes).toContainEqual({ name: 'tls', secret: { secretName: 'serving' } });
    expect(p.containers[0].volumeMounts).toContainEqual(expect.objectContaining({ name: 'tls', readOnly: true }));
  });

  test('the user\'s volume mounts follow the library\'s', () => {
    const p = pod(plan({ workload: { overrides: { volumes: [{ name: 'extra', emptyDir: {} }], volumeMounts: [{ name: 'extra', mountPath: '/extra' }] } } }));
    expect(p.containers[0].volumeMounts.slice(-1)).toEqual([{ name: 'extra', mountPath: '/extra' }]);
  });

  test('restartOnSecretChange annotates the Deployment with the Secrets the pod reads; off, or nothing read: none', () => {
    const env = [{ name: 'A', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }];
    const on = renderDeployment(plan({}, { restartOnSecretChange: true, env }));
    // The generated config is hash-named: a change rolls the pods already, so only the Secret is named.
    expect(on.metadata.annotations).toEqual({ 'secret.reloader.stakater.com/reload': 's' });
    expect(renderDeployment(plan({}, { env })).metadata.annotations).toBeUndefined();
    expect(renderDeployment(plan({}, { restartOnSecretChange: true })).metadata.annotations).toBeUndefined();
  });
});

describe('dataDirSubPath', () => {
  test('a data directory lives under dirs/ on the PVC at its absolute path', () => {
    expect(dataDirSubPath('/opt/x')).toBe('dirs/opt/x');
  });
});

/** A pod that reads Secrets and ConfigMaps in each way a pod spec can, some twice. */
const POD = {
  initContainers: [{ env: [{ name: 'A', valueFrom: { secretKeyRef: { name: 'init-secret', key: 'k' } } }] }],
  containers: [{
    env: [
      { name: 'KEY', valueFrom: { secretKeyRef: { name: 'api-keys', key: 'openai' } } },
      { name: 'MODE', valueFrom: { configMapKeyRef: { name: 'settings', key: 'mode' } } },
      { name: 'PLAIN', value: 'x' },
      { name: 'FIELD', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
    ],
    envFrom: [{ secretRef: { name: 'db' } }, { configMapRef: { name: 'extra-env' } }, { prefix: 'X_' }],
  }],
  volumes: [
    { name: 'config', configMap: { name: 'llama-config-01234567' } },
    { name: 'tls', secret: { secretName: 'api-keys' } },
    { name: 'cas', projected: { sources: [{ configMap: { name: 'ca-bundle' } }, { secret: { name: 'client-cert' } }, { serviceAccountToken: { path: 't' } }] } },
    { name: 'cache', emptyDir: {} },
  ],
};

describe('referencedObjects', () => {
  test('env, envFrom, volumes and projected sources, of init and app containers: each once, sorted', () => {
    expect(referencedObjects(POD)).toStrictEqual({
      secrets: ['api-keys', 'client-cert', 'db', 'init-secret'],
      configMaps: ['ca-bundle', 'extra-env', 'llama-config-01234567', 'settings'],
    });
  });

  test('the ConfigMaps to skip are left out; a pod that reads nothing, or no pod, reads nothing', () => {
    expect(referencedObjects(POD, ['llama-config-01234567', 'absent']).configMaps).toStrictEqual(['ca-bundle', 'extra-env', 'settings']);
    expect(referencedObjects({ containers: [{ image: 'x' }] })).toStrictEqual({ secrets: [], configMaps: [] });
    expect(referencedObjects(undefined)).toStrictEqual({ secrets: [], configMaps: [] });
  });
});

describe('reloaderAnnotations', () => {
  test('one comma-separated annotation per kind read', () => {
    expect(reloaderAnnotations(POD, ['llama-config-01234567'])).toStrictEqual({
      'secret.reloader.stakater.com/reload': 'api-keys,client-cert,db,init-secret',
      'configmap.reloader.stakater.com/reload': 'ca-bundle,extra-env,settings',
    });
  });

  test('a kind the pod does not read gets no annotation', () => {
    expect(reloaderAnnotations({ volumes: [{ secret: { secretName: 's' } }] }, [])).toStrictEqual({ 'secret.reloader.stakater.com/reload': 's' });
    expect(reloaderAnnotations({ volumes: [{ configMap: { name: 'c' } }] }, ['c'])).toStrictEqual({});
  });
});
