import * as kplus from 'cdk8s-plus-28';
import { fail } from './config/errors';
import { SecretKeyRef } from './config/spec';

/** DNS-1123 subdomain: what Kubernetes accepts as a Secret name. */
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
/** What Kubernetes accepts as a key of a Secret's data. */
const SECRET_KEY = /^[-._a-zA-Z0-9]+$/;
const MAX_LENGTH = 253;

/**
 * A reference to one key of a Kubernetes Secret. Only the reference ever reaches the synthesized
 * objects (as a `secretKeyRef` env var), never the value.
 */
export class SecretRef {
  /**
   * A key of a Secret, by name (the Secret may be created outside this app).
   * @param secretName name of the Secret, a DNS-1123 subdomain
   * @param key key inside the Secret
   */
  public static fromSecretName(secretName: string, key: string): SecretRef {
    return new SecretRef(secretName, key, 'SecretRef.fromSecretName', 'secretName');
  }

  /**
   * A key of a cdk8s-plus Secret (defined in this app, or imported with `Secret.fromSecretName`).
   * @param key key inside the Secret
   */
  public static fromSecret(secret: kplus.ISecret, key: string): SecretRef {
    if (secret === undefined || secret === null || typeof secret.name !== 'string') {
      fail('SecretRef.fromSecret(secret)', 'secret must be a cdk8s-plus Secret', 'pass a kplus.Secret, or use SecretRef.fromSecretName(<name>, <key>)');
    }
    return new SecretRef(secret.name, key, 'SecretRef.fromSecret', 'secret');
  }

  /** Name of the Secret. */
  public readonly secretName: string;
  /** Key inside the Secret. */
  public readonly key: string;

  private constructor(secretName: string, key: string, where: string, nameArg: string) {
    if (typeof secretName !== 'string' || secretName.length > MAX_LENGTH || !DNS_SUBDOMAIN.test(secretName)) {
      fail(`${where}(${nameArg})`, `${JSON.stringify(secretName)} is not a valid Secret name`,
        `use lower-case letters, digits, '-' and '.', starting and ending with a letter or digit (at most ${MAX_LENGTH} characters)`);
    }
    if (typeof key !== 'string' || key.length > MAX_LENGTH || !SECRET_KEY.test(key)) {
      fail(`${where}(key)`, `${JSON.stringify(key)} is not a valid Secret key`,
        `use letters, digits, '-', '_' and '.' (at most ${MAX_LENGTH} characters)`);
    }
    this.secretName = secretName;
    this.key = key;
  }

  /** The v1alpha2 `{name, key}` form. */
  public toSpec(): SecretKeyRef {
    return { name: this.secretName, key: this.key };
  }
}
