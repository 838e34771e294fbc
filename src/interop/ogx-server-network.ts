/**
 * OGXServer `spec.network`, `spec.tls` and `spec.praxisMode` in: the port, serving TLS, trusted
 * CAs, external access with the certificate the Ingress serves, and the ingress rules this library
 * can write (namespaces by name or label key); the rest is said. Praxis mode (an internal-only server behind the Praxis gateway, with
 * upstream-header authentication) is refused: this library writes none of it, and the server
 * must not silently become reachable without the gateway.
 */
import { OgxReadContext, Obj } from './ogx-server-context';
import { isKeyRef } from './ogx-server-fields';
import { hasOwnValue, isObject } from '../core/json';

/** Ingress rules as allowedFrom (namespaces by name, label keys, all); the rest is said. */
function policy(c: OgxReadContext, p: Obj | undefined, serverPort: number): Obj | undefined {
  if (p?.enabled === false) return undefined;
  if (Array.isArray(p?.egress) && p!.egress.length > 0) {
    c.warn('spec.network.policy.egress', 'not carried: this library writes ingress rules only, so outbound traffic is not restricted',
      'add an egress NetworkPolicy of your own next to the rendered objects');
  } else if (Array.isArray(p?.policyTypes) && p!.policyTypes.includes('Egress')) {
    c.warn('spec.network.policy.policyTypes', 'not carried: Egress (with no egress rules the operator\'s policy allows only DNS out); this library restricts ingress only',
      'add an egress NetworkPolicy of your own next to the rendered objects, or remove Egress');
  }
  const namespaces: string[] = [];
  const labels: string[] = [];
  const rules: unknown[] = Array.isArray(p?.ingress) ? p!.ingress : [];
  rules.forEach((rule, i) => {
    const from: unknown[] = isObject(rule) && Array.isArray(rule.from) ? rule.from : [];
    from.forEach((peer, j) => {
      const at = `spec.network.policy.ingress[${i}].from[${j}]`;
      const sel = isObject(peer) ? peer.namespaceSelector : undefined;
      const onlyNs = isObject(peer) && Object.keys(peer).length === 1 && isObject(sel);
      const ml = onlyNs && isObject(sel.matchLabels) ? sel.matchLabels : undefined;
      const me = onlyNs && Array.isArray(sel.matchExpressions) ? sel.matchExpressions : undefined;
      if (onlyNs && Object.keys(sel).length === 0) {
        c.source(`spec.networking.allowedFrom.namespaces[${namespaces.length}]`, `${at}.namespaceSelector`);
        namespaces.push('*');
      } else if (ml && !me && Object.keys(ml).length === 1 && typeof ml['kubernetes.io/metadata.name'] === 'string') {
        c.source(`spec.networking.allowedFrom.namespaces[${namespaces.length}]`, `${at}.namespaceSelector.matchLabels["kubernetes.io/metadata.name"]`);
        namespaces.push(ml['kubernetes.io/metadata.name']);
      } else if (me && !ml && me.every((e: Obj) => e?.operator === 'Exists' && typeof e.key === 'string')) {
        me.forEach((_e: Obj, k: number) => c.source(`spec.networking.allowedFrom.labels[${labels.length + k}]`, `${at}.namespaceSelector.matchExpressions[${k}].key`));
        labels.push(...me.map((e: Obj) => e.key));
      } else {
        c.warn(at, 'not carried: this library admits namespaces by name or by label key only (pod selectors, label values, IP blocks are not)',
          'admit the namespace by name (namespaceSelector.matchLabels kubernetes.io/metadata.name) or by label key (matchExpressions operator Exists)');
      }
    });
    const ports: Obj[] = isObject(rule) && Array.isArray(rule.ports) ? rule.ports : [];
    if (ports.some((pt) => pt?.port !== serverPort || pt?.endPort !== undefined)) {
      c.warn(`spec.network.policy.ingress[${i}].ports`, `not carried: the rendered NetworkPolicy admits the server port (${serverPort}) only`, 'remove the other ports');
    }
  });
  if (namespaces.length === 0 && labels.length === 0) {
    if (p?.enabled === true || p === undefined) {
      c.warn('spec.network.policy', 'the OGX operator creates a NetworkPolicy by default (admitting the server\'s and the operator\'s namespaces); this render creates none without ingress rules',
        'add spec.network.policy.ingress rules naming the namespaces to admit, or set spec.network.policy.enabled: false');
    }
    return undefined;
  }
  return { ...(namespaces.length > 0 ? { namespaces } : {}), ...(labels.length > 0 ? { labels } : {}) };
}

/** `spec.praxisMode`: absent or `enabled: false` is this library's server; anything else is refused. */
function praxis(c: OgxReadContext, raw: unknown): void {
  if (!isObject(raw)) return;
  // The CRD defaults enabled to true once praxisMode is written: {} is the opt-in.
  if (raw.enabled !== false) {
    c.problem(raw.enabled === undefined || raw.enabled === null ? 'spec.praxisMode' : 'spec.praxisMode.enabled',
      'Praxis mode is not carried: behind Praxis the operator writes no Ingress, admits only the Praxis gateway\'s pods, and replaces the server\'s auth with upstream-header authentication and multi-tenancy; this library writes none of that, so the server would be reachable without the gateway'
      + (raw.enabled === undefined || raw.enabled === null ? ' (praxisMode without enabled is the opt-in: the CRD defaults enabled to true)' : ''),
      'set spec.praxisMode.enabled: false (or remove praxisMode) to render the server with its own auth, or deploy it with the OGX operator');
    return;
  }
  for (const f of ['praxisSelector', 'migrationJob']) {
    if (hasOwnValue(raw, f)) c.warn(`spec.praxisMode.${f}`, 'not carried: Praxis mode is disabled', `remove ${f}`);
  }
}

/** `spec.network`, `spec.tls` and `spec.praxisMode` as this library's networking. */
export function readNetwork(c: OgxReadContext, rawNetwork: unknown, rawTls: unknown, rawPraxis: unknown): Obj | undefined {
  praxis(c, rawPraxis);
  const n = isObject(rawNetwork) ? rawNetwork : {};
  const tls = isObject(rawTls) ? rawTls : undefined;
  const out: Obj = {};
  if (hasOwnValue(n, 'port')) {
    out.port = n.port;
    c.source('spec.networking.port', 'spec.network.port');
  }
  const serving = isObject(n.tls) ? n.tls : undefined;
  if (serving) {
    out.tls = { enabled: true, secretName: serving.secretName };
    c.source('spec.networking.tls', 'spec.network.tls');
  }
  if (tls?.identity !== undefined && tls.identity !== null) {
    c.problem('spec.tls.identity', 'a serving certificate from separate cert and key references is not carried: the server would serve no TLS, and clients expecting HTTPS could not connect',
      'put the certificate and key in a kubernetes.io/tls Secret and set spec.network.tls.secretName');
  }
  const trust = isObject(tls?.trust) ? tls!.trust : undefined;
  const cas = Array.isArray(trust?.caCertificates) ? trust!.caCertificates.filter(isKeyRef) : [];
  if (cas.length > 0) {
    const names = [...new Set(cas.map((r: Obj) => r.name))];
    const bundle = { configMapName: names[0], configMapKeys: cas.map((r: Obj) => r.key) };
    if (serving && names.length === 1) {
      out.tls.caBundle = bundle;
      c.source('spec.networking.tls.caBundle', 'spec.tls.trust.caCertificates');
    } else if (names.length === 1) {
      // Without serving TLS the pod still trusts them for its outbound calls (the caBundle prop).
      c.caBundle = bundle;
      c.source('props.caBundle', 'spec.tls.trust.caCertificates');
    } else {
      c.warn('spec.tls.trust.caCertificates', 'not carried: trusted CAs from several ConfigMaps (this library reads one CA bundle ConfigMap)',
        'put the certificates in one ConfigMap, or mount them with spec.workload.overrides.volumes/volumeMounts and set SSL_CERT_FILE in spec.workload.overrides.env');
    }
  }
  const ext = isObject(n.externalAccess) ? n.externalAccess : undefined;
  if (ext) {
    // The CRD defaults enabled to false: externalAccess without enabled: true exposes nothing.
    const on = ext.enabled === true;
    const secret = isObject(ext.tls) && typeof ext.tls.secretName === 'string' ? ext.tls.secretName : undefined;
    out.expose = {
      enabled: on,
      ...(ext.hostname !== undefined ? { hostname: ext.hostname } : {}),
      ...(on && secret !== undefined ? { tlsSecretName: secret } : {}),
    };
    c.source('spec.networking.expose', 'spec.network.externalAccess');
    c.source('spec.networking.expose.hostname', 'spec.network.externalAccess.hostname');
    c.source('spec.networking.expose.tlsSecretName', 'spec.network.externalAccess.tls.secretName');
  }
  const pol = isObject(n.policy) ? n.policy : undefined;
  const allowed = policy(c, pol, typeof n.port === 'number' ? n.port : 8321);
  if (allowed) {
    out.allowedFrom = allowed;
    c.source('spec.networking.allowedFrom', 'spec.network.policy.ingress');
    if (out.expose?.enabled && !(allowed.namespaces ?? []).includes('*')) {
      c.problem('spec.network.policy.ingress', 'with externalAccess, the NetworkPolicy from these rules admits no path from the ingress controller: it runs in a namespace of its own, so every request through the Ingress would be dropped',
        'admit every namespace (a rule with from: [{namespaceSelector: {}}]), or remove spec.network.policy.ingress (this render then writes no NetworkPolicy), or remove externalAccess');
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
