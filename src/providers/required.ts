import { fail } from '../config/errors';

export const ENDPOINT_HINT = 'pass endpoint: the service URL, e.g. http://<service>.<namespace>.svc:8000/v1';
export const API_KEY_HINT = 'pass apiKey: SecretRef.fromSecretName(<secret>, <key>)';

/** Fails for the first missing option (JavaScript callers can omit typed-required ones). */
export function requireOptions(where: string, options: any, required: { [option: string]: string }): void {
  for (const option of Object.keys(required).sort()) {
    const v = options?.[option];
    if (v === undefined || v === null || v === '') fail(`${where}(${option})`, `${option} is required`, required[option]);
  }
}
