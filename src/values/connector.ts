import { ApiObject, Chart } from 'cdk8s';
import * as kplus from 'cdk8s-plus-28';
import { brand, isMadeBy } from '../core/brand';
import { optionNames, snapshotOptions } from '../core/checked';
import { urlCredentials } from '../core/credential-keys';
import { isObject } from '../core/json';
import { OptionProblems } from '../core/problems';
import { quoteValue } from '../core/quote';
import { quoteUrl } from '../core/redact';
import { hasEnvReference, parseHttpUrl } from '../core/url';

/** Options of `Connector.mcp`. */
export interface McpConnectorOptions {
  /**
   * `connector_id`, unique among the distribution's connectors: letters, digits, `.`, `_` and
   * `-` (it is a path segment of `/v1/connectors/{connector_id}`).
   */
  readonly id: string;
  /**
   * The MCP server's URL, e.g. `https://mcp.example.com/mcp` or
   * `http://github-mcp.tools.svc.cluster.local:8080/mcp`. Give `url` or `service`.
   * @default - from `service`
   */
  readonly url?: string;
  /**
   * A cdk8s-plus Service of the app in front of the MCP server: the URL is
   * `<scheme>://<name>.<namespace>.svc.cluster.local:<port><path>`. Give `url` or `service`.
   * @default - `url`
   */
  readonly service?: kplus.Service;
  /** The Service port (with `service`). @default - the Service's only port */
  readonly port?: number;
  /** The path the MCP server answers on (with `service`), e.g. `/mcp` or `/sse`. @default - none */
  readonly path?: string;
  /** `http` or `https` (with `service`). @default "http" */
  readonly scheme?: string;
  /** `server_label`: how tools name the server. @default - none */
  readonly serverLabel?: string;
}

/** Where a connector connects, for the egress check (`allowedTo`). */
export interface ConnectorDestination {
  /** Host name or address of the URL. */
  readonly host: string;
  /** The port the pod connects to: the URL's, or a Service's target port. */
  readonly port: number;
  /** A Service's port that may map to another target port (a URL's in-cluster host): the policy sees the target port. */
  readonly servicePortOnly: boolean;
  /** The namespace of an in-cluster Service host (`<svc>.<ns>.svc`); undefined for a bare Service name (the server's own). */
  readonly namespace?: string;
  /** The host is a Service of the cluster (`.svc`, `.svc.cluster.local`, or a bare name). */
  readonly inCluster: boolean;
  /** The pod labels the Service selects, when it is a cdk8s-plus Service (read when the check runs). */
  readonly podLabels?: () => { [key: string]: string } | undefined;
}

const WHERE = 'Connector.mcp';
const ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** `<service>.<namespace>.svc[.cluster.local]`, or a bare Service name. */
const SERVICE_HOST = /^([a-z0-9]([-a-z0-9]*[a-z0-9])?)\.([a-z0-9]([-a-z0-9]*[a-z0-9])?)\.svc(\.cluster\.local)?\.?$/;
const BARE_HOST = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/**
 * A connector the server registers at start-up (`connectors` in config.yaml): an MCP server its
 * responses reach by `connector_id`. Pass it in `connectors` of `LlamaStackDistribution`; with
 * `allowedTo` the egress rules must admit it. The server removes registered connectors that the
 * config no longer lists.
 */
export class Connector {
  /**
   * True for a `Connector` made by any copy of this library (an app may load two). Checks the
   * class's brand, `Symbol.for('cdk8s-llama-stack.Connector')`, not `instanceof`.
   * @param x any value
   */
  public static isConnector(x: any): x is Connector {
    return isMadeBy(x, 'Connector');
  }

  /**
   * `instanceof Connector` holds for a Connector made by any copy of this library (TypeScript and
   * JavaScript; jsii languages use `isConnector`).
   * @internal
   */
  public static [Symbol.hasInstance](x: unknown): x is Connector {
    return isMadeBy(x, 'Connector');
  }

  /**
   * An MCP server (`connector_type: mcp`), by URL or by a cdk8s-plus Service.
   * @param options id, URL or Service, and label
   */
  public static mcp(options: McpConnectorOptions): Connector {
    return new Connector(options);
  }

  /** `connector_id`. */
  public readonly id: string;
  /** `connector_type`. */
  public readonly connectorType: string;
  /** `url`. */
  public readonly url: string;
  /** `server_label`, if given. */
  public readonly serverLabel?: string;
  /**
   * Where it connects (the egress check reads it).
   * @internal
   */
  public readonly _destination: ConnectorDestination;

  private constructor(raw: McpConnectorOptions) {
    brand(this, 'Connector');
    const options = snapshotOptions(raw, `${WHERE}(options)`, {
      type: 'McpConnectorOptions',
      names: optionNames<McpConnectorOptions>({ id: true, url: true, service: true, port: true, path: true, scheme: true, serverLabel: true }),
      constructs: ['service'],
    });
    const c = new OptionProblems(WHERE);
    if (!isObject(options)) {
      c.problem('options', 'options must be an object', "pass { id: 'github', url: 'http://github-mcp.tools.svc:8080/mcp' }");
      c.throwIfAny();
    }
    const o = options as unknown as { [key: string]: unknown };
    const id = o.id;
    if (typeof id !== 'string' || !ID.test(id)) {
      c.problem('id', `${typeof id === 'string' ? quoteValue(id) : 'id'} is not a connector id`, "pass id: letters, digits, '.', '_' and '-', e.g. github");
    }
    const label = o.serverLabel;
    if (label !== undefined && (typeof label !== 'string' || label.trim() === '')) c.problem('serverLabel', 'serverLabel must be a non-empty string', 'pass serverLabel: <a name>, or leave it out');
    let target: { url: string; destination: ConnectorDestination } | undefined;
    if (o.url !== undefined && o.service !== undefined) {
      c.problem('url', 'give url or service, not both', 'keep one');
    } else if (o.service !== undefined) {
      target = fromService(c, o);
    } else if (o.url !== undefined) {
      for (const k of ['port', 'path', 'scheme']) if (o[k] !== undefined) c.problem(k, `${k} goes with service`, 'write it into url, or pass service: <a cdk8s-plus Service>');
      target = fromUrl(c, o.url);
    } else {
      c.problem('url', 'a connector needs url or service', "pass url: 'http://<mcp server>/mcp', or service: <a cdk8s-plus Service>");
    }
    c.throwIfAny();
    this.id = id as string;
    this.connectorType = 'mcp';
    this.url = target!.url;
    this.serverLabel = label as string | undefined;
    this._destination = target!.destination;
  }

  /** The `connectors` entry of config.yaml. */
  public toConfig(): { [key: string]: string } {
    return {
      connector_type: this.connectorType,
      connector_id: this.id,
      url: this.url,
      ...(this.serverLabel !== undefined ? { server_label: this.serverLabel } : {}),
    };
  }
}

/** A URL given as text: an http(s) URL with no credential in it (a connector has no secret field). */
function fromUrl(c: OptionProblems, url: unknown): { url: string; destination: ConnectorDestination } | undefined {
  if (typeof url !== 'string' || url.trim() === '') {
    c.problem('url', 'url must be a non-empty string', "pass url: 'http://<mcp server>/mcp'");
    return undefined;
  }
  if (hasEnvReference(url)) {
    c.problem('url', 'url holds a ${env.…} reference: the egress rules could not be checked against it', 'write the URL itself');
    return undefined;
  }
  if (urlCredentials(url) !== undefined) {
    c.problem('url', `${quoteUrl(url)} holds a credential: connectors have no secret field, so it would be written as is into config.yaml`,
      'remove it from the URL (an MCP server that needs a token takes it per request, through the responses API\'s MCP tool)');
    return undefined;
  }
  const parsed = parseHttpUrl(url);
  if (!parsed) {
    c.problem('url', `${quoteUrl(url)} is not an http(s) URL`, "write the URL with its scheme, e.g. 'http://github-mcp.tools.svc.cluster.local:8080/mcp'");
    return undefined;
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const port = parsed.port !== '' ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80;
  const service = SERVICE_HOST.exec(host);
  const bare = BARE_HOST.test(host);
  return {
    url,
    destination: { host, port, servicePortOnly: service !== null || bare, namespace: service?.[3], inCluster: service !== null || bare },
  };
}

/** A cdk8s-plus Service: its in-cluster URL, namespace, target port and selector. */
function fromService(c: OptionProblems, o: { [key: string]: unknown }): { url: string; destination: ConnectorDestination } | undefined {
  const service = o.service as kplus.Service;
  let name: string;
  let namespace: string | undefined;
  let ports: kplus.ServicePort[];
  try {
    name = service.name;
    namespace = service.metadata.namespace ?? Chart.of(service).namespace;
    ports = service.ports;
  } catch {
    c.problem('service', 'is not a cdk8s-plus Service of this app', 'pass a kplus.Service (new kplus.Service(chart, id, { ports: [...] }))');
    return undefined;
  }
  const port = o.port ?? (ports.length === 1 ? ports[0].port : undefined);
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535) {
    c.problem('port', ports.length > 1 && o.port === undefined ? `the Service has several ports (${ports.map((p) => p.port).join(', ')})` : `${quoteValue(port)} is not a port`, 'pass port: <the Service port>');
    return undefined;
  }
  const servicePort = ports.find((p) => p.port === port);
  if (!servicePort) {
    c.problem('port', `the Service has no port ${port}${ports.length > 0 ? ` (it has ${ports.map((p) => p.port).join(', ')})` : ''}`, 'pass one of its ports');
    return undefined;
  }
  const path = o.path ?? '';
  if (typeof path !== 'string' || (path !== '' && !/^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/.test(path))) {
    c.problem('path', `${quoteValue(path)} is not a URL path`, 'start it with /, e.g. /mcp');
    return undefined;
  }
  const scheme = o.scheme ?? 'http';
  if (scheme !== 'http' && scheme !== 'https') {
    c.problem('scheme', `${quoteValue(scheme)} is not http or https`, 'use http or https');
    return undefined;
  }
  const host = namespace ? `${name}.${namespace}.svc.cluster.local` : name;
  return {
    url: `${scheme}://${host}:${port}${path}`,
    destination: {
      host,
      port: servicePort.targetPort ?? port,
      servicePortOnly: false,
      namespace,
      inCluster: true,
      podLabels: () => selectorOf(service),
    },
  };
}

/** The labels a cdk8s-plus Service selects, from what it renders (undefined when it selects none). */
function selectorOf(service: kplus.Service): { [key: string]: string } | undefined {
  try {
    const selector = ApiObject.of(service).toJson()?.spec?.selector;
    return isObject(selector) && Object.keys(selector).length > 0 ? { ...selector } as { [key: string]: string } : undefined;
  } catch {
    return undefined;
  }
}
