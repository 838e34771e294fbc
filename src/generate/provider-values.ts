/**
 * Provider values the server takes as written and that fail only on the cluster: an endpoint on
 * the pod's own loopback (the pod runs the server alone, so it is the server itself), an endpoint
 * with whitespace around it (kept in the URL), an S3 bucket name S3 refuses.
 */
import { TargetGeneration } from './generation';
import { getOwn, JsonObject } from '../core/json';
import { quoteValue } from '../core/quote';
import { hasEnvReference, IPV4_SHAPE } from '../core/url';
import { ProviderType } from '../releases/registry';


/** The host of an http(s)-looking URL, lowercased and without brackets; undefined when there is none. */
function hostOf(endpoint: string): string | undefined {
  const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(endpoint);
  return m ? m[1].toLowerCase().replace(/^\[|\]$/g, '') : undefined;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) && IPV4_SHAPE.test(host)
    || host === '0.0.0.0' || host === '::1' || host === '::' || /^(0:){7}0*1$/.test(host);
}

/** The endpoint as the server will use it: no whitespace around it, not on the pod's loopback. */
export function checkEndpointValue(g: TargetGeneration, endpoint: string, path: string): void {
  if (endpoint.trim() !== endpoint) {
    g.problem(path, 'the endpoint has whitespace around it, which the server keeps in the URL', 'remove the whitespace around the URL');
    return;
  }
  if (hasEnvReference(endpoint)) return;
  const host = hostOf(endpoint);
  if (host !== undefined && isLoopback(host)) {
    g.problem(path, 'inside the pod this address is the OGX server itself, not the provider: every call fails to connect',
      'use the provider\'s Service address, e.g. http://<service>.<namespace>.svc:<port>/v1');
  }
}

/** Why S3 refuses a bucket name (its naming rules), or undefined. */
export function s3BucketNameProblem(name: string): string | undefined {
  if (name.length < 3 || name.length > 63) return `is ${name.length} characters long; S3 takes 3 to 63`;
  if (!/^[a-z0-9.-]+$/.test(name)) return 'has characters S3 refuses; S3 takes lowercase letters, digits, dots and hyphens';
  if (!/^[a-z0-9]/.test(name) || !/[a-z0-9]$/.test(name)) return 'must start and end with a lowercase letter or digit';
  if (name.includes('..')) return 'has two adjacent dots';
  if (IPV4_SHAPE.test(name)) return 'is formatted as an IP address';
  if (name.startsWith('xn--') || name.startsWith('sthree-') || name.endsWith('-s3alias') || name.endsWith('--ol-s3')) {
    return 'uses a prefix or suffix S3 reserves (xn--, sthree-, -s3alias, --ol-s3)';
  }
  return undefined;
}

/** Checks the values of a user provider entry the release reads as plain strings. */
export function checkProviderValues(g: TargetGeneration, known: ProviderType, config: JsonObject, path: string): void {
  if (known.type !== 'remote::s3') return;
  const bucket = getOwn(config, 'bucket_name');
  if (typeof bucket !== 'string' || hasEnvReference(bucket)) return;
  const why = s3BucketNameProblem(bucket);
  if (why) {
    g.problem(path, `the bucket name (bucket_name) ${quoteValue(bucket)} ${why}`,
      'name a bucket S3 accepts: 3 to 63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit, e.g. ogx-files');
  }
}
