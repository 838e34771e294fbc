/**
 * A NetworkPolicy elsewhere in the app that isolates the server's egress: cdk8s-plus's
 * `vllm.connections.allowFrom(llama)` (default isolation) also writes an Egress policy on the
 * llama pods, which drops DNS, the database, S3, hosted APIs and the API server. The construct
 * cannot see it at construction time (it may be added later), so it looks at synth time and
 * warns, saying what is cut off and how to fix it.
 */
import { ApiObject } from 'cdk8s';
import { IConstruct } from 'constructs';
import { ConfigProblem } from '../core/errors';
import { quoteValue } from '../core/quote';
import { LlamaStackDistributionSpec } from '../spec/spec';

/** Where the server connects to, for the message: DNS, provider endpoints, stores. */
export function destinations(spec: LlamaStackDistributionSpec): string[] {
  const out = ['DNS (UDP and TCP 53)'];
  for (const list of Object.values(spec.providers ?? {})) {
    for (const p of (list as any[]) ?? []) {
      const host = hostOf(p?.endpoint);
      if (host) out.push(`${p.provider} at ${host}`);
      else if (typeof p?.provider === 'string' && p.provider.includes('remote::')) out.push(`${p.provider} (a hosted API)`);
    }
  }
  const kv = spec.storage?.kv;
  if (kv?.type === 'redis' && kv.endpoint) out.push(`Redis at ${hostOf(kv.endpoint) ?? kv.endpoint}`);
  if (kv?.type === 'postgres' && kv.host) out.push(`Postgres at ${kv.host}:${kv.port ?? 5432}`);
  const sql = spec.storage?.sql;
  if (sql?.type === 'postgres' && sql.host && sql.host !== kv?.host) out.push(`Postgres at ${sql.host}:${sql.port ?? 5432}`);
  out.push('hosted APIs and S3 endpoints the providers call');
  out.push('the Kubernetes API server (ServerAuth.kubernetes)');
  return [...new Set(out)];
}

function hostOf(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?([^/?#]+)/i.exec(url.trim());
  return m ? m[1] : undefined;
}

function selects(selector: any, labels: { [k: string]: string }): boolean {
  if (selector === undefined || selector === null) return false;
  if (Array.isArray(selector.matchExpressions) && selector.matchExpressions.length > 0) return false; // not evaluated: no warning
  return Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
}

/** A rule with no `to` and no `ports` admits every destination. */
function allowsAll(egress: unknown): boolean {
  const empty = (v: unknown) => v === undefined || (Array.isArray(v) && v.length === 0);
  return Array.isArray(egress) && egress.some((r: any) => empty(r?.to) && empty(r?.ports));
}

/** A NetworkPolicy of the app that isolates egress and does not admit every destination. */
interface IsolatingPolicy {
  readonly construct: ApiObject;
  readonly namespace: unknown;
  readonly name: unknown;
  readonly podSelector: unknown;
  readonly egress: unknown;
}

/**
 * The app's egress-isolating NetworkPolicies, found once per synth rather than once per
 * distribution (each distribution's check walked the whole app and rendered every policy, so
 * 1,000 distributions cost a million renders). The list lives for the current synchronous turn
 * only: cdk8s validates every construct of one synth in one turn, and a later synth, after the
 * app has changed, walks the app again.
 */
const isolatingPolicies = new WeakMap<IConstruct, IsolatingPolicy[]>();

function isolatingPoliciesOf(root: IConstruct): IsolatingPolicy[] {
  let list = isolatingPolicies.get(root);
  if (list !== undefined) return list;
  list = [];
  for (const c of root.node.findAll()) {
    if (!ApiObject.isApiObject(c) || c.kind !== 'NetworkPolicy') continue;
    let json: any;
    try {
      json = c.toJson();
    } catch {
      continue;
    }
    const spec = json?.spec ?? {};
    const isolatesEgress = (Array.isArray(spec.policyTypes) && spec.policyTypes.includes('Egress')) || spec.egress !== undefined;
    if (!isolatesEgress || allowsAll(spec.egress)) continue;
    list.push({ construct: c, namespace: json?.metadata?.namespace, name: json?.metadata?.name, podSelector: spec.podSelector, egress: spec.egress });
  }
  isolatingPolicies.set(root, list);
  queueMicrotask(() => isolatingPolicies.delete(root));
  return list;
}

/** Some rule admits DNS: a port 53 (or dns), or no ports to a peer that is not only some pods. */
function admitsDns(egress: unknown): boolean {
  if (!Array.isArray(egress)) return false;
  const empty = (v: unknown) => v === undefined || (Array.isArray(v) && v.length === 0);
  return egress.some((r: any) => (Array.isArray(r?.ports) && r.ports.some((p: any) => p?.port === 53 || p?.port === 'dns' || p?.port === 'dns-tcp'))
    || (empty(r?.ports) && Array.isArray(r?.to) && r.to.some((t: any) => t?.ipBlock !== undefined || t?.podSelector === undefined)));
}

/** Some egress rule of the policy goes to the server's pods. */
function callsServer(egress: unknown, podLabels: { [k: string]: string }): boolean {
  return Array.isArray(egress) && egress.some((r: any) => Array.isArray(r?.to) && r.to.some((t: any) => selects(t?.podSelector, podLabels)));
}

/**
 * Warnings for each NetworkPolicy of the app, not the construct's own, that selects the server's
 * pods in their namespace and isolates their egress; and for each that isolates a client's egress
 * towards the server without DNS (cdk8s-plus `ui.connections.allowTo(llama)`), so the client
 * cannot resolve the server's Service name.
 */
export function egressIsolationWarnings(
  scope: IConstruct, own: IConstruct, podLabels: { [k: string]: string }, namespace: string | undefined, cutOff: readonly string[],
  serviceHost?: string,
): ConfigProblem[] {
  const out: ConfigProblem[] = [];
  const policies = isolatingPoliciesOf(scope.node.root);
  // Policies add up: DNS admitted by another policy on the same pods is enough.
  const sameOwnerAdmitsDns = (p: IsolatingPolicy) => policies.some((q) => q.namespace === p.namespace
    && JSON.stringify(q.podSelector) === JSON.stringify(p.podSelector) && admitsDns(q.egress));
  for (const p of policies) {
    if (p.construct.node.scopes.includes(own)) continue;
    const c = p.construct;
    if (!selects(p.podSelector, podLabels)) {
      if (callsServer(p.egress, podLabels) && !sameOwnerAdmitsDns(p)) {
        out.push({
          path: `NetworkPolicy ${quoteValue(p.name ?? c.node.path)} (${c.node.path})`,
          message: `isolates the egress of pods that call the server and admits no DNS (UDP and TCP 53): they cannot resolve ${serviceHost ?? 'the server\'s Service name'}`
            + ' (cdk8s-plus client.connections.allowTo(llama) writes such a policy on the client by default)',
          fix: 'add a DNS egress rule to the client, e.g. client.connections.allowTo(kube-dns pods, { ports: [udp(53), tcp(53)], isolation: kplus.PodConnectionsIsolation.POD }) (docs/networking.md)',
        });
      }
      continue;
    }
    if (namespace !== undefined && p.namespace !== undefined && p.namespace !== namespace) continue;
    out.push({
      path: `NetworkPolicy ${quoteValue(p.name ?? c.node.path)} (${c.node.path})`,
      message: `isolates the egress of the server's pods: ${cutOff.join(', ')} are cut off unless a rule admits them (cdk8s-plus connections.allowFrom(llama) writes such a policy on the peer by default)`,
      fix: 'pass { isolation: kplus.PodConnectionsIsolation.POD } to allowFrom so only the callee\'s ingress is isolated, or add egress rules for each (the library\'s allowedTo writes them, DNS included)',
    });
  }
  return out;
}
