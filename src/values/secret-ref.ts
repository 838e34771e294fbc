import * as kplus from 'cdk8s-plus-28';
import { brand, isMadeBy } from '../core/brand';
import { credentialInText } from '../core/credential-keys';
import { fail } from '../core/errors';
import { describeSecretValue } from '../core/redact';
import { isConfigMapKey, isDns1123Subdomain } from '../kubernetes/name-rules';
import { SecretKeyRef } from '../spec/spec';

const MAX_LENGTH = 253;

/**
 * What is wrong with a Secret name or key, without quoting it: a secret value passed by mistake
 * (`fromSecretName(process.env.API_KEY, …)`) must not reach the error.
 */
function fault(v: unknown, allowed: RegExp, edgesAlphanumeric: boolean): string {
  const what = describeSecretValue(v);
  if (typeof v !== 'string' || v === '') return what;
  const faults: string[] = [];
  if (v.length > MAX_LENGTH) faults.push(`longer than ${MAX_LENGTH} characters`);
  const bad = new Set<string>();
  for (const c of v) {
    if (allowed.test(c)) continue;
    if (/[A-Z]/.test(c)) bad.add('upper-case letters');
    else if (/\s/.test(c)) bad.add('whitespace');
    else if (c === '_' || c === '/' || c === ':') bad.add(`'${c}'`);
    else bad.add('other characters');
  }
  if (bad.size > 0) faults.push(`with ${[...bad].join(', ')}`);
  if (edgesAlphanumeric && (!/^[a-zA-Z0-9]/.test(v) || !/[a-zA-Z0-9]$/.test(v))) faults.push('not starting and ending with a letter or digit');
  if (edgesAlphanumeric && /\.(?![a-zA-Z0-9])|(?<![a-zA-Z0-9])\./.test(v)) faults.push('with a dot next to a non-alphanumeric character');
  return `${what}${faults.length > 0 ? `, ${faults.join(', ')}` : ''}`;
}

const NOT_SHOWN = 'not shown, in case it is the secret itself';

/**
 * The cdk8s-plus Secrets `SecretRef.fromSecret` was given, by name: the constructs check the
 * namespace and the keys of the one in their app (a `secretKeyRef` cannot cross namespaces).
 */
const SECRET_OBJECTS = new Map<string, Set<kplus.ISecret>>();

/** The cdk8s-plus Secrets named `name` that `SecretRef.fromSecret` was given (any app). */
export function secretObjectsNamed(name: string): readonly kplus.ISecret[] {
  return [...(SECRET_OBJECTS.get(name) ?? [])];
}

/**
 * A reference to one key of a Kubernetes Secret. Only the reference ever reaches the synthesized
 * objects (as a `secretKeyRef` env var), never the value.
 */
export class SecretRef {
  /**
   * True for a `SecretRef` made by any copy of this library (an app may load two). Checks the
   * class's brand, `Symbol.for('cdk8s-llama-stack.SecretRef')`, not `instanceof`.
   * @param x any value
   */
  public static isSecretRef(x: any): x is SecretRef {
    return isMadeBy(x, 'SecretRef');
  }

  /**
   * `instanceof SecretRef` holds for a SecretRef made by any copy of this library (TypeScript and
   * JavaScript; jsii languages use `isSecretRef`).
   * @internal
   */
  public static [Symbol.hasInstance](x: unknown): x is SecretRef {
    return isMadeBy(x, 'SecretRef');
  }


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
    let name: unknown;
    try {
      name = typeof secret === 'object' && secret !== null ? secret.name : undefined; // read once
    } catch {
      name = undefined; // a Proxy whose traps throw
    }
    if (typeof name !== 'string') {
      fail('SecretRef.fromSecret(secret)', 'secret must be a cdk8s-plus Secret', 'pass a kplus.Secret, or use SecretRef.fromSecretName(<name>, <key>)');
    }
    const ref = new SecretRef(name, key, 'SecretRef.fromSecret', 'secret');
    if (!SECRET_OBJECTS.has(name)) SECRET_OBJECTS.set(name, new Set());
    SECRET_OBJECTS.get(name)!.add(secret);
    return ref;
  }

  /** Name of the Secret. */
  public readonly secretName: string;
  /** Key inside the Secret. */
  public readonly key: string;

  private constructor(secretName: string, key: string, where: string, nameArg: string) {
    brand(this, 'SecretRef');
    // A Secret's name is a DNS-1123 subdomain.
    if (typeof secretName !== 'string' || isDns1123Subdomain(secretName).length > 0) {
      fail(`${where}(${nameArg})`, `not a valid Secret name: ${fault(secretName, /[-.a-z0-9]/, true)} (${NOT_SHOWN})`,
        `use lower-case letters, digits, '-' and '.', starting and ending with a letter or digit (at most ${MAX_LENGTH} characters)`);
    }
    // A key of a Secret's data follows the ConfigMap key rule.
    if (typeof key !== 'string' || isConfigMapKey(key).length > 0) {
      fail(`${where}(key)`, `not a valid Secret key: ${fault(key, /[-._a-zA-Z0-9]/, false)} (${NOT_SHOWN})`,
        `use letters, digits, '-', '_' and '.' (at most ${MAX_LENGTH} characters)`);
    }
    // A key that is a credential by its text (`fromSecretName('openai', 'sk-…')`): the value pasted
    // where the key's name belongs would be written into every secretKeyRef.
    const pasted = credentialInText(key);
    if (pasted !== undefined) {
      fail(`${where}(key)`, `the key holds ${pasted} (${describeSecretValue(key)}, ${NOT_SHOWN}): it would be written into the objects as the key's name`,
        "pass the name of the key the Secret stores the value under (e.g. 'api-key'), and put the value itself in the Secret");
    }
    this.secretName = secretName;
    this.key = key;
  }

  /** The v1alpha2 `{name, key}` form. */
  public toSpec(): SecretKeyRef {
    return { name: this.secretName, key: this.key };
  }
}
