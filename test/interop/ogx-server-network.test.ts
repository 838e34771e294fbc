/**
 * OGXServer `spec.praxisMode`, `spec.network` and `spec.tls` in: the explicit Praxis opt-out is
 * accepted, Praxis itself refused with the reason (never silently made public); the certificate the
 * external endpoint serves goes to the Ingress; ingress rules that would lock the ingress
 * controller out of an exposed server are refused; what is not carried is said.
 */
import * as YAML from 'yaml';
import { convertOgxServer } from '../../src/interop/ogx-server-in';
import { runCli } from '../support/cli-run';

const spec = (extra: object) => ({ distribution: { name: 'starter' }, ...extra });
const server = (extra: object) => YAML.stringify({ apiVersion: 'ogx.io/v1beta1', kind: 'OGXServer', metadata: { name: 's' }, spec: spec(extra) });

describe('praxisMode', () => {
  test('{enabled: false}, the explicit opt-out, renders as without praxisMode', async () => {
    const off = await runCli(['render', '--pass-through'], server({ praxisMode: { enabled: false } }));
    const absent = await runCli(['render', '--pass-through'], server({}));
    expect(off.code).toBe(0);
    expect(off.out).toBe(absent.out);
  });

  test('enabled, or written without enabled (the CRD defaults it to true): refused with the reason', () => {
    for (const praxisMode of [{ enabled: true }, {}, { praxisSelector: { namespace: 'praxis', podSelector: { matchLabels: { app: 'payload-processing' } } } }]) {
      const c = convertOgxServer(spec({ praxisMode, network: { externalAccess: { enabled: true, hostname: 'ogx.example.com', tls: { secretName: 'ogx-tls' } } } }));
      expect(c.problems).toHaveLength(1);
      expect(c.problems[0].path).toBe(praxisMode.enabled === true ? 'spec.praxisMode.enabled' : 'spec.praxisMode');
      expect(c.problems[0].message).toMatch(/^Praxis mode is not carried: behind Praxis the operator writes no Ingress, admits only the Praxis gateway's pods, and replaces the server's auth with upstream-header authentication/);
      expect(c.problems[0].fix).toBe('set spec.praxisMode.enabled: false (or remove praxisMode) to render the server with its own auth, or deploy it with the OGX operator');
    }
  });

  test('with Praxis off, its selector and migration Job are warnings', () => {
    const c = convertOgxServer(spec({ praxisMode: { enabled: false, praxisSelector: { namespace: 'p', podSelector: { matchLabels: { a: 'b' } } } } }));
    expect(c.problems).toEqual([]);
    expect(c.warnings.map((w) => `${w.path}: ${w.message}`)).toContain('spec.praxisMode.praxisSelector: not carried: Praxis mode is disabled');
  });
});

describe('externalAccess', () => {
  test('its TLS Secret is the certificate the Ingress serves for the host', async () => {
    const r = await runCli(['render', '--pass-through'], server({ network: { externalAccess: { enabled: true, hostname: 'ogx.example.com', tls: { secretName: 'ogx-tls' } } } }));
    expect(r.code).toBe(0);
    const ingress = YAML.parseAllDocuments(r.out).map((d) => d.toJS()).find((o) => o.kind === 'Ingress');
    expect(ingress.spec.tls).toEqual([{ secretName: 'ogx-tls', hosts: ['ogx.example.com'] }]);
    expect(ingress.spec.rules[0].host).toBe('ogx.example.com');
  });

  test('without enabled: true nothing is exposed (the CRD defaults enabled to false)', async () => {
    const r = await runCli(['render', '--pass-through'], server({ network: { externalAccess: { hostname: 'ogx.example.com' } } }));
    expect(r.code).toBe(0);
    expect(YAML.parseAllDocuments(r.out).map((d) => d.toJS()).some((o) => o.kind === 'Ingress')).toBe(false);
  });

  test('with ingress rules that do not admit the ingress controller: refused, as the typed props refuse it', () => {
    const c = convertOgxServer(spec({
      network: {
        externalAccess: { enabled: true, hostname: 'ogx.example.com', tls: { secretName: 'ogx-tls' } },
        policy: { ingress: [{ from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'apps' } } }] }] },
      },
    }));
    expect(c.problems).toEqual([{
      path: 'spec.network.policy.ingress',
      message: 'with externalAccess, the NetworkPolicy from these rules admits no path from the ingress controller: it runs in a namespace of its own, so every request through the Ingress would be dropped',
      fix: 'admit every namespace (a rule with from: [{namespaceSelector: {}}]), or remove spec.network.policy.ingress (this render then writes no NetworkPolicy), or remove externalAccess',
    }]);
    const open = convertOgxServer(spec({
      network: { externalAccess: { enabled: true, hostname: 'h.example.com', tls: { secretName: 't' } }, policy: { ingress: [{ from: [{ namespaceSelector: {} }] }] } },
    }));
    expect(open.problems).toEqual([]);
  });
});

describe('what is not carried is said', () => {
  test('Egress in policyTypes, conversations in disabledAPIs', () => {
    const c = convertOgxServer(spec({ network: { policy: { policyTypes: ['Ingress', 'Egress'] } }, disabledAPIs: ['conversations', 'batches'] }));
    expect(c.problems).toEqual([]);
    expect(c.spec.disabled).toEqual(['batches']);
    const said = c.warnings.map((w) => w.path);
    expect(said).toContain('spec.network.policy.policyTypes');
    expect(said).toContain('spec.disabledAPIs[0]');
  });
});
