import * as kplus from 'cdk8s-plus-28';
import { fail } from './config/errors';
import { SecretKeyRef } from './config/spec';

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const SECRET_KEY = /^[-._a-zA-Z0-9]+$/;

/**
 * A reference to one key of a Kubernetes Secret. Only the reference ever reaches the
 * synthesized objects (as a `secretKeyRef` env var), never a value.
 */
export class SecretRef {
  /** A key of an existing Secret, by name. */
  public static fromSecretName(secretName: string, key: string): SecretRef {
    return new SecretRef(secretName, key, 'SecretRef.fromSecretName');
  }

  /** A key of a cdk8s-plus Secret (defined in this app, or imported with `Secret.fromSecretName`). */
  public static fromSecret(secret: kplus.ISecret, key: string): SecretRef {
    return new SecretRef(secret.name, key, 'SecretRef.fromSecret');
  }

  /** Name of the Secret. */
  public readonly secretName: string;
  /** Key inside the Secret. */
  public readonly key: string;

  private constructor(secretName: string, key: string, where: string) {
    if (typeof secretName !== 'string' || secretName.length > 253 || !DNS_SUBDOMAIN.test(secretName)) {
      fail(`${where}(secretName)`, `${JSON.stringify(secretName)} is not a valid Secret name`,
        'use lower-case letters, digits, \'-\' and \'.\' (at most 253 characters)');
    }
    if (typeof key !== 'string' || key.length > 253 || !SECRET_KEY.test(key)) {
      fail(`${where}(key)`, `${JSON.stringify(key)} is not a valid Secret key`, 'use letters, digits, \'-\', \'_\' and \'.\' (at most 253 characters)');
    }
    this.secretName = secretName;
    this.key = key;
  }

  /** The v1alpha2 `{name, key}` form. */
  public toSpec(): SecretKeyRef {
    return { name: this.secretName, key: this.key };
  }
}
