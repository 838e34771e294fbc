/**
 * The cluster the objects are written for: plain Kubernetes, or OpenShift (and so OpenShift AI /
 * Open Data Hub), whose default `restricted-v2` SCC assigns the pod's UID and fsGroup, whose
 * router serves Routes, and whose operators inject serving certificates and trusted CAs.
 */
import { brand, isMadeBy } from '../core/brand';

/**
 * The platform the objects are written for. `Platform.KUBERNETES` (the default) writes the same
 * objects as before there was a platform; `Platform.OPENSHIFT` leaves the UID, GID and fsGroup
 * to the `restricted-v2` SCC, writes a Route for `expose`, and admits the router and the
 * monitoring stack in the NetworkPolicy by their policy groups (docs/openshift.md).
 */
export class Platform {
  /** Any conformant Kubernetes cluster: pinned non-root UID and fsGroup, an Ingress or HTTPRoute. */
  public static readonly KUBERNETES = new Platform('kubernetes');
  /**
   * OpenShift 4.11 and later: the pod passes `restricted-v2` with no SCC grant, `expose` writes
   * a `route.openshift.io/v1` Route, serving TLS may come from the service CA and trusted CAs from
   * the cluster's injected bundle.
   */
  public static readonly OPENSHIFT = new Platform('openshift');

  /**
   * True for a `Platform` made by any copy of this library (an app may load two). Checks the
   * class's brand, `Symbol.for('cdk8s-llama-stack.Platform')`, not `instanceof`.
   * @param x any value
   */
  public static isPlatform(x: any): x is Platform {
    return isMadeBy(x, 'Platform');
  }

  /**
   * `instanceof Platform` holds for a Platform made by any copy of this library (TypeScript and
   * JavaScript; jsii languages use `isPlatform`).
   * @internal
   */
  public static [Symbol.hasInstance](x: unknown): x is Platform {
    return isMadeBy(x, 'Platform');
  }

  /** `kubernetes` or `openshift`: the value of `--platform` and of the manifest annotation. */
  public readonly id: string;

  private constructor(id: string) {
    brand(this, 'Platform');
    this.id = id;
  }

  /** True for `Platform.OPENSHIFT` (of any copy of the library). */
  public get isOpenShift(): boolean {
    return this.id === 'openshift';
  }
}

/** The platforms by id, as the command line and the manifest annotation name them. */
export const PLATFORMS: { readonly [id: string]: Platform } = {
  kubernetes: Platform.KUBERNETES,
  openshift: Platform.OPENSHIFT,
};

/** The manifest annotation that names the platform of a LlamaStackDistribution or OGXServer. */
export const PLATFORM_ANNOTATION = 'cdk8s-llama-stack.io/platform';
