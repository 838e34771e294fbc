/**
 * A structural check of Gateway API `gateway.networking.k8s.io/v1` HTTPRoute objects: the fields
 * this library writes, with the types, patterns and limits of the standard-channel v1 CRD
 * (gateway-api v1.x, `config/crd/standard/gateway.networking.k8s.io_httproutes.yaml`). kubernetes-models
 * has no Gateway API schema and the CRD is not vendored in this repository: a field outside this
 * subset is reported as unknown, so a change in what the library emits has to come through here.
 */
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const GROUP = /^$|^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const KIND = /^[a-zA-Z]([-a-zA-Z0-9]*[a-zA-Z0-9])?$/;
const HOSTNAME = /^(\*\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

type Check = (v: any, path: string, errors: string[]) => void;

const str = (min: number, max: number, pattern?: RegExp): Check => (v, path, errors) => {
  if (typeof v !== 'string') errors.push(`${path}: must be a string`);
  else if (v.length < min || v.length > max) errors.push(`${path}: length must be ${min}..${max}`);
  else if (pattern && !pattern.test(v)) errors.push(`${path}: must match ${pattern}`);
};
const int = (min: number, max: number): Check => (v, path, errors) => {
  if (!Number.isInteger(v) || v < min || v > max) errors.push(`${path}: must be an integer in ${min}..${max}`);
};
const oneOf = (...values: string[]): Check => (v, path, errors) => {
  if (!values.includes(v)) errors.push(`${path}: must be one of ${values.join(', ')}`);
};
const list = (max: number, item: Check): Check => (v, path, errors) => {
  if (!Array.isArray(v)) return void errors.push(`${path}: must be a list`);
  if (v.length > max) errors.push(`${path}: at most ${max} items`);
  v.forEach((x, i) => item(x, `${path}[${i}]`, errors));
};
const obj = (fields: { [k: string]: Check }, required: string[] = []): Check => (v, path, errors) => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return void errors.push(`${path}: must be an object`);
  for (const r of required) if (v[r] === undefined) errors.push(`${path}.${r}: required`);
  for (const [k, x] of Object.entries(v)) {
    const c = fields[k];
    if (!c) errors.push(`${path}.${k}: unknown field`);
    else c(x, `${path}.${k}`, errors);
  }
};

const parentRef = obj({
  group: str(0, 253, GROUP),
  kind: str(1, 63, KIND),
  namespace: str(1, 63, DNS_LABEL),
  name: str(1, 253),
  sectionName: str(1, 253, DNS_SUBDOMAIN),
  port: int(1, 65535),
}, ['name']);

const backendRef: Check = (v, path, errors) => {
  obj({ group: str(0, 253, GROUP), kind: str(1, 63, KIND), name: str(1, 253), namespace: str(1, 63, DNS_LABEL), port: int(1, 65535), weight: int(0, 1000000) }, ['name'])(v, path, errors);
  // CEL of the CRD: "Must have port for Service reference".
  const core = v?.group === undefined || v.group === '';
  if (core && (v?.kind === undefined || v.kind === 'Service') && v?.port === undefined) errors.push(`${path}.port: required for a Service reference`);
};

const pathMatch: Check = (v, path, errors) => {
  obj({ type: oneOf('Exact', 'PathPrefix', 'RegularExpression'), value: str(1, 1024) })(v, path, errors);
  if (typeof v?.value === 'string' && v.type !== 'RegularExpression' && !v.value.startsWith('/')) errors.push(`${path}.value: must be an absolute path`);
};

const httpRoute = obj({
  apiVersion: oneOf('gateway.networking.k8s.io/v1'),
  kind: oneOf('HTTPRoute'),
  metadata: obj({ name: str(1, 253, DNS_SUBDOMAIN), namespace: str(1, 63, DNS_LABEL), labels: () => undefined, annotations: () => undefined }, ['name']),
  spec: obj({
    parentRefs: list(32, parentRef),
    hostnames: list(16, str(1, 253, HOSTNAME)),
    rules: list(16, obj({ matches: list(64, obj({ path: pathMatch })), backendRefs: list(16, backendRef) })),
  }),
}, ['apiVersion', 'kind', 'metadata', 'spec']);

/** Problems of one HTTPRoute (empty when it passes). */
export function httpRouteErrors(m: any): string[] {
  const errors: string[] = [];
  httpRoute(m, 'HTTPRoute', errors);
  return errors;
}
