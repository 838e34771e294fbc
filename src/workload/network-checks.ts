/** The API server's checks of `allowedTo`, `admitOwnNamespace` and `service`, at their props paths. */
import { EgressOptions, ServiceOptions } from './network-options';
import { ConfigProblem } from '../core/errors';
import { childPath } from '../core/path';
import { quoteValue } from '../core/quote';
import { isDns1123Label, isQualifiedName, labelMapProblems } from '../kubernetes/name-rules';

const CIDR4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}\/(3[0-2]|[12]?\d)$/;
const CIDR6 = /^[0-9a-fA-F:]+:[0-9a-fA-F:]*\/(12[0-8]|1[01]\d|[1-9]?\d)$/;

/** The props these checks read. */
export interface NetworkOptionProps {
  readonly allowedTo?: EgressOptions;
  readonly admitOwnNamespace?: boolean;
  readonly allowedFrom?: unknown;
  readonly service?: ServiceOptions;
}

export function networkOptionProblems(props: NetworkOptionProps): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const to = props.allowedTo;
  (to?.namespaces ?? []).forEach((ns, i) => {
    const errs = isDns1123Label(ns);
    if (errs.length > 0) problems.push({ path: `props.allowedTo.namespaces[${i}]`, message: `${quoteValue(ns)} is not a namespace name: ${errs.join('; ')}`, fix: 'use a DNS-1123 label, e.g. databases' });
  });
  (to?.podSelectors ?? []).forEach((labels, i) => {
    problems.push(...labelMapProblems(labels, `props.allowedTo.podSelectors[${i}]`, 'selector label'));
  });
  (to?.cidrs ?? []).forEach((cidr, i) => {
    if (!CIDR4.test(cidr) && !CIDR6.test(cidr)) problems.push({ path: `props.allowedTo.cidrs[${i}]`, message: `${quoteValue(cidr)} is not a CIDR`, fix: 'write an address and a prefix length, e.g. 10.0.0.0/8 or 0.0.0.0/0' });
  });
  (to?.ports ?? []).forEach((port, i) => {
    if (port < 1 || port > 65535) problems.push({ path: `props.allowedTo.ports[${i}]`, message: `${port} is not a port`, fix: 'use a port from 1 to 65535' });
  });
  if (props.admitOwnNamespace !== undefined && props.allowedFrom === undefined) {
    problems.push({ path: 'props.admitOwnNamespace', message: 'has no effect without allowedFrom (no ingress policy is written)', fix: 'set allowedFrom, or remove admitOwnNamespace' });
  }
  for (const k of Object.keys(props.service?.annotations ?? {})) {
    const errs = isQualifiedName(k);
    if (errs.length > 0) problems.push({ path: childPath('props.service.annotations', k), message: `annotation key ${quoteValue(k)} is not a qualified name: ${errs.join('; ')}`, fix: 'use a prefix and a name, e.g. example.com/owner' });
  }
  return problems;
}
