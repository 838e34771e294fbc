/**
 * The CA bundle is appended to the image's trust store: the init container's real script runs
 * here (POSIX sh) with a scratch directory standing in for `/`.
 */
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Chart, Testing } from 'cdk8s';
import { LlamaStackDistribution, LlamaStackDistributionProps } from '../../src/distribution';
import { ServerTarget } from '../../src/releases/server-target';
import { schemaErrors } from '../support/k8s-schema';
import { restrictedViolationsOf } from '../support/pod-security';

const BUNDLE = '/etc/ssl/certs/ca-bundle/ca-bundle.crt';
const SYSTEM_FILES = [
  '/etc/ssl/certs/ca-certificates.crt', '/etc/pki/tls/certs/ca-bundle.crt', '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem', '/etc/ssl/ca-bundle.pem',
];
const SYSTEM_PEM = '-----BEGIN CERTIFICATE-----\nSYSTEM-ROOT-1\n-----END CERTIFICATE-----\n-----BEGIN CERTIFICATE-----\nSYSTEM-ROOT-2\n-----END CERTIFICATE-----\n';
// Without a final newline, as ConfigMap values often are.
const ROOT_PEM = '-----BEGIN CERTIFICATE-----\nCORP-ROOT\n-----END CERTIFICATE-----';
const ISSUING_PEM = '-----BEGIN CERTIFICATE-----\nCORP-ISSUING\n-----END CERTIFICATE-----\n';

function synth(props: LlamaStackDistributionProps): any[] {
  const chart = new Chart(Testing.app(), 'c', { namespace: 'ai' });
  new LlamaStackDistribution(chart, 'llama', { target: ServerTarget.OGX_0_8, ...props });
  return Testing.synth(chart);
}
const podOf = (objects: any[]) => objects.find((o) => o.kind === 'Deployment').spec.template.spec;

const ONE_KEY = { tls: { secretName: 'tls', caBundle: { configMapName: 'corp-ca' } } };
const TWO_KEYS = { tls: { secretName: 'tls', caBundle: { configMapName: 'corp-ca', configMapKeys: ['root.crt', 'issuing.crt'] } } };

describe.each([['one key', ONE_KEY, ['ca-bundle.crt']], ['several keys', TWO_KEYS, ['root.crt', 'issuing.crt']]] as const)('%s', (_name, props, keys) => {
  const objects = synth(props);
  const pod = podOf(objects);

  test('an init container in the server image appends the keys to the image\'s trust store', () => {
    // The CA bundle first, then the image's baked tiktoken cache (cache-seed.ts).
    expect(pod.initContainers.map((c: any) => c.name)).toEqual(['ca-bundle', 'cache-seed']);
    const init = pod.initContainers[0];
    expect(init.name).toBe('ca-bundle');
    expect(init.image).toBe('docker.io/ogxai/distribution-starter:0.8.0');
    expect(init.command.slice(0, 2)).toEqual(['/bin/sh', '-c']);
    expect(init.command.slice(3)).toEqual(['ca-bundle', '/etc/ssl/certs/ca-bundle-source', BUNDLE, ...SYSTEM_FILES]);
    expect(init.resources).toEqual({ requests: { cpu: '10m', memory: '16Mi' }, limits: { memory: '64Mi' } });
    expect(init.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ['ALL'] } });
    expect(init.volumeMounts).toEqual([
      { name: 'ca-bundle-source', mountPath: '/etc/ssl/certs/ca-bundle-source', readOnly: true },
      { name: 'ca-bundle', mountPath: '/etc/ssl/certs/ca-bundle' },
    ]);
  });

  test('the keys are files of the source volume; the bundle is an emptyDir the server mounts read-only', () => {
    expect(pod.volumes.filter((v: any) => v.name.startsWith('ca-bundle'))).toEqual([
      { name: 'ca-bundle', emptyDir: { sizeLimit: '2Mi' } },
      { name: 'ca-bundle-source', configMap: { name: 'corp-ca', items: keys.map((key, i) => ({ key, path: `0${i}-${key}` })) } },
    ]);
    expect(pod.containers[0].volumeMounts).toContainEqual({ name: 'ca-bundle', mountPath: '/etc/ssl/certs/ca-bundle', readOnly: true });
  });

  test('SSL_CERT_FILE and REQUESTS_CA_BUNDLE point at the bundle', () => {
    const env = pod.containers[0].env.filter((e: any) => e.value === BUNDLE).map((e: any) => e.name);
    expect(env).toEqual(['SSL_CERT_FILE', 'REQUESTS_CA_BUNDLE']);
  });

  test('the pod stays restricted and schema-valid', () => {
    expect(restrictedViolationsOf(objects)).toEqual([]);
    expect(schemaErrors(objects)).toEqual([]);
  });
});

/** Runs the init container's command with every absolute path moved under `root`. */
function runInit(root: string, pathDirs?: string): { status: number | null; stdout: string; stderr: string } {
  const command: string[] = podOf(synth(TWO_KEYS)).initContainers[0].command;
  const [shell, flag, script, ...args] = command;
  const moved = args.map((a) => (a.startsWith('/') ? path.join(root, a) : a));
  const r = spawnSync(shell, [flag, script, ...moved], {
    encoding: 'utf8',
    env: pathDirs !== undefined ? { PATH: pathDirs } : process.env,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function scratchRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-bundle-'));
  const src = path.join(root, 'etc/ssl/certs/ca-bundle-source');
  fs.mkdirSync(src, { recursive: true });
  fs.mkdirSync(path.join(root, 'etc/ssl/certs/ca-bundle'), { recursive: true });
  // The ConfigMap volume's layout: item files, plus the kubelet's hidden ..data entries.
  fs.writeFileSync(path.join(src, '00-root.crt'), ROOT_PEM);
  fs.writeFileSync(path.join(src, '01-issuing.crt'), ISSUING_PEM);
  fs.mkdirSync(path.join(src, '..data'));
  return root;
}

function writeFile(root: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

const EXPECTED = `${SYSTEM_PEM}\n${ROOT_PEM}\n${ISSUING_PEM}\n`;

describe('the init container\'s script', () => {
  test.each([
    ['Debian (python:3.12-slim)', '/etc/ssl/certs/ca-certificates.crt'],
    ['RHEL/UBI', '/etc/pki/tls/certs/ca-bundle.crt'],
  ])('%s: the bundle holds the system CAs, then the user\'s, one PEM block per line start', (_base, systemFile) => {
    const root = scratchRoot();
    writeFile(root, systemFile, SYSTEM_PEM);
    const r = runInit(root);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const bundle = fs.readFileSync(path.join(root, BUNDLE), 'utf8');
    expect(bundle).toBe(EXPECTED);
    expect(bundle).toContain('SYSTEM-ROOT-2');
    expect(bundle).toContain('CORP-ROOT\n-----END CERTIFICATE-----\n-----BEGIN CERTIFICATE-----\nCORP-ISSUING');
    expect(r.stdout).toBe(`ca-bundle: ${path.join(root, systemFile)} and 2 CA file(s) -> ${path.join(root, BUNDLE)}\n`);
    expect(fs.readdirSync(path.join(root, 'etc/ssl/certs/ca-bundle'))).toEqual(['ca-bundle.crt']);
  });

  test('no known file: python\'s default verify path, then certifi', () => {
    const root = scratchRoot();
    const bin = path.join(root, 'bin');
    fs.mkdirSync(bin);
    for (const tool of ['cat', 'mv']) fs.symlinkSync(execFileSync('/bin/sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim(), path.join(bin, tool));
    // A stand-in python: no ssl default file, certifi's bundle in the scratch root.
    const certifi = path.join(root, 'site-packages/certifi/cacert.pem');
    writeFile(root, 'site-packages/certifi/cacert.pem', SYSTEM_PEM);
    fs.writeFileSync(path.join(bin, 'python'), `#!/bin/sh\ncase "$2" in *certifi*) echo ${certifi};; *) echo;; esac\n`, { mode: 0o755 });
    const r = runInit(root, bin);
    expect(r.status).toBe(0);
    expect(fs.readFileSync(path.join(root, BUNDLE), 'utf8')).toBe(EXPECTED);
  });

  test('fails without a system store, rather than trusting only the private CAs', () => {
    const root = scratchRoot();
    const empty = path.join(root, 'no-tools');
    fs.mkdirSync(empty);
    const r = runInit(root, empty);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^ERROR: no system CA bundle in the image \(tried .*ca-certificates\.crt .* python ssl.get_default_verify_paths\(\) and certifi\): the CA bundle would replace the public roots instead of adding to them\n$/);
    expect(fs.existsSync(path.join(root, BUNDLE))).toBe(false);
  });
});
