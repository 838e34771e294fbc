/**
 * `connectors` and `allowedTo` together: once the server's egress is isolated, the NetworkPolicy
 * must admit every MCP server a connector names, or the responses that use it fail at run time.
 * A Service of the cluster is admitted by its namespace (`allowedTo.namespaces`) or, in the
 * server's own namespace, by a pod selector its Service selects; another host by an IP range
 * (`allowedTo.cidrs`: an address is checked against them, a host name's addresses are not known
 * at synth time). With `allowedTo.ports`, the port the pod connects to must be listed: the policy
 * sees a Service's target port, which a cdk8s-plus Service gives and a URL does not.
 */
import { ConfigProblem } from '../core/errors';
import { quoteValue } from '../core/quote';
import { IPV4_SHAPE } from '../core/url';
import { connectorIdTaken } from '../generate/connectors';
import type { Connector } from '../values/connector';
import type { EgressOptions } from '../workload/network-options';

function ipv4(s: string): number | undefined {
  const m = IPV4_SHAPE.exec(s);
  if (!m) return undefined;
  const parts = m.slice(1).map(Number);
  return parts.some((p) => p > 255) ? undefined : parts.reduce((n, p) => n * 256 + p, 0);
}

/** Whether an IPv4 address is in a CIDR (an IPv6 CIDR never holds one). */
function inCidr(address: number, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const start = ipv4(base);
  const n = Number(bits);
  if (start === undefined || !Number.isInteger(n) || n < 0 || n > 32) return false;
  // The same block of 2^(32 - n) addresses.
  const block = 2 ** (32 - n);
  return Math.floor(address / block) === Math.floor(start / block);
}

/** Every problem of the connectors: a repeated id, and what the egress rules of `allowedTo` leave out. */
export function connectorProblems(connectors: readonly Connector[] | undefined, to: EgressOptions | undefined, namespace: string | undefined):
ConfigProblem[] {
  if (!connectors) return [];
  const problems: ConfigProblem[] = [];
  const first = new Map<string, number>();
  connectors.forEach((c, i) => {
    const j = first.get(c.id);
    if (j === undefined) first.set(c.id, i);
    // The generation's words (generate/connectors.ts): the same problem, whichever finds it.
    else problems.push({ path: `props.connectors[${i}].id`, message: connectorIdTaken(c.id, j), fix: 'give each connector its own id' });
  });
  if (!to) return problems;
  connectors.forEach((c, i) => {
    const d = c._destination;
    const at = `props.connectors[${i}]`;
    const what = `connector ${quoteValue(c.id)} (${c.url})`;
    const address = ipv4(d.host);
    const literal = address !== undefined || d.host.includes(':');
    if (to.dns === false && !literal) {
      problems.push({ path: at, message: `${what}: allowedTo.dns is false, so its host name does not resolve`, fix: 'remove dns: false from allowedTo' });
    }
    if (d.inCluster) {
      const ns = d.namespace ?? namespace;
      const own = d.namespace === undefined || d.namespace === namespace;
      const byNamespace = ns !== undefined && (to.namespaces ?? []).includes(ns);
      const labels = own ? d.podLabels?.() : undefined;
      const selects = (sel: { [k: string]: string }) => Object.keys(sel).length > 0 && Object.entries(sel).every(([k, v]) => labels![k] === v);
      const byPods = labels !== undefined && (to.podSelectors ?? []).some(selects);
      if (!byNamespace && !byPods) {
        problems.push({
          path: at,
          message: `${what}: the egress rules of allowedTo do not admit its Service${ns !== undefined ? ` in namespace ${quoteValue(ns)}` : ''}`,
          fix: ns !== undefined ? `add '${ns}' to allowedTo.namespaces${own ? ', or a podSelectors entry its Service selects' : ''}` : 'add the Service\'s namespace to allowedTo.namespaces',
        });
      }
    } else if (address !== undefined ? !(to.cidrs ?? []).some((cidr) => inCidr(address, cidr)) : (to.cidrs ?? []).length === 0) {
      problems.push({
        path: at,
        message: `${what}: the egress rules of allowedTo admit no IP range ${address !== undefined ? 'holding this address' : 'for a host outside the cluster'}`,
        fix: `add the MCP server's address range to allowedTo.cidrs (${address !== undefined ? `e.g. ${d.host}/32` : '0.0.0.0/0 for any address'})`,
      });
    }
    const ports = to.ports ?? [];
    if (ports.length > 0 && !ports.includes(d.port)) {
      problems.push({
        path: at,
        message: `${what}: allowedTo.ports does not list port ${d.port}${d.podLabels ? ' (its pods\' port)' : ''}`,
        fix: d.servicePortOnly
          ? `add ${d.port} to allowedTo.ports (the policy sees the pod's port: if the Service maps ${d.port} to another target port, list that one, or pass the cdk8s-plus Service as service: so the library knows it)`
          : `add ${d.port} to allowedTo.ports`,
      });
    }
  });
  return problems;
}
