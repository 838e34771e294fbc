/** Options of the Service and the NetworkPolicy's egress side (apart, so plan.ts can name them). */

/** Where the server may connect to, once its egress is isolated (`allowedTo`). */
export interface EgressOptions {
  /** Namespaces (by name) the server may reach, e.g. the database's. @default - none */
  readonly namespaces?: string[];
  /** Pods of the server's namespace, by labels, e.g. `[{ app: 'postgres' }]`. @default - none */
  readonly podSelectors?: { [label: string]: string }[];
  /** IP ranges (CIDR), e.g. a managed database or `0.0.0.0/0` for hosted APIs. @default - none */
  readonly cidrs?: string[];
  /** TCP ports of those destinations (`[]` or unset: every port). @default - every port */
  readonly ports?: number[];
  /** Allow DNS (UDP and TCP 53, anywhere): without it no host name resolves. @default true */
  readonly dns?: boolean;
}

/** The Service in front of the server. */
export interface ServiceOptions {
  /** `ClusterIP`, `NodePort` or `LoadBalancer`. @default "ClusterIP" */
  readonly type?: string;
  /** Annotations, e.g. a cloud load balancer's (`service.beta.kubernetes.io/aws-load-balancer-internal`). @default - none */
  readonly annotations?: { [key: string]: string };
}

/** The NetworkPolicy's options besides `allowedFrom`. */
export interface NetworkPolicyOptions {
  readonly allowedTo?: EgressOptions;
  /** Admit every pod of the server's own namespace (with `allowedFrom`). */
  readonly admitOwnNamespace: boolean;
}
