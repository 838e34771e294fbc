/**
 * The name and label rules of Kubernetes' apimachinery (`k8s.io/apimachinery/pkg/util/validation`):
 * each function returns what is wrong with a value (empty when valid), in the API server's words.
 * Pure: no cdk8s, no construct, no I/O.
 */
import { ConfigProblem } from '../core/errors';
import { setBounded } from '../core/frozen-memo';
import { childPath } from '../core/path';
import { quoteValue } from '../core/quote';

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1035_LABEL_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?';
const QUALIFIED_NAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const LABEL_VALUE_FMT = `(${QUALIFIED_NAME_FMT})?`;
const CONFIG_MAP_KEY_FMT = '[-._a-zA-Z0-9]+';
const ENV_VAR_NAME_FMT = '[-._a-zA-Z][-._a-zA-Z0-9]*';

const DNS1123_LABEL = new RegExp(`^${DNS1123_LABEL_FMT}$`);
const DNS1123_SUBDOMAIN = new RegExp(`^${DNS1123_SUBDOMAIN_FMT}$`);
const DNS1035_LABEL = new RegExp(`^${DNS1035_LABEL_FMT}$`);
const QUALIFIED_NAME = new RegExp(`^${QUALIFIED_NAME_FMT}$`);
const LABEL_VALUE = new RegExp(`^${LABEL_VALUE_FMT}$`);
const CONFIG_MAP_KEY = new RegExp(`^${CONFIG_MAP_KEY_FMT}$`);
const ENV_VAR_NAME = new RegExp(`^${ENV_VAR_NAME_FMT}$`);

/** `DNS1123LabelMaxLength`, `DNS1035LabelMaxLength`, `LabelValueMaxLength`, a qualified name's name part. */
export const LABEL_MAX_LENGTH = 63;
/** `DNS1123SubdomainMaxLength`, also the longest label key prefix and ConfigMap key. */
export const SUBDOMAIN_MAX_LENGTH = 253;

function tooLong(s: string, max: number): string[] {
  return s.length > max ? [`must be no more than ${max} characters`] : [];
}

/** `IsDNS1123Label`: namespaces, volume names, container names. */
export function isDns1123Label(s: string): string[] {
  const errs = tooLong(s, LABEL_MAX_LENGTH);
  if (!DNS1123_LABEL.test(s)) {
    errs.push(`a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name', or '123-abc', regex used for validation is '${DNS1123_LABEL_FMT}')`);
  }
  return errs;
}

/** `IsDNS1123Subdomain`: most object names (ConfigMap, Secret, ServiceAccount, StorageClass, IngressClass…). */
export function isDns1123Subdomain(s: string): string[] {
  const errs = tooLong(s, SUBDOMAIN_MAX_LENGTH);
  if (!DNS1123_SUBDOMAIN.test(s)) {
    errs.push(`a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '${DNS1123_SUBDOMAIN_FMT}')`);
  }
  return errs;
}

/** `IsDNS1035Label`: Service names (they become DNS names and environment variable prefixes). */
export function isDns1035Label(s: string): string[] {
  const errs = tooLong(s, LABEL_MAX_LENGTH);
  if (!DNS1035_LABEL.test(s)) {
    errs.push(`a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name', or 'abc-123', regex used for validation is '${DNS1035_LABEL_FMT}')`);
  }
  return errs;
}

/** `IsQualifiedName`: label and annotation keys, toleration and topology keys (`[prefix/]name`). */
export function isQualifiedName(s: string): string[] {
  const parts = s.split('/');
  let name: string;
  const errs: string[] = [];
  if (parts.length === 1) {
    name = parts[0];
  } else if (parts.length === 2) {
    const [prefix, n] = parts;
    name = n;
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else errs.push(...isDns1123Subdomain(prefix).map((m) => `prefix part ${m}`));
  } else {
    return [`a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName', or 'my.name', or '123-abc', regex used for validation is '${QUALIFIED_NAME_FMT}') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`];
  }
  if (name.length === 0) {
    errs.push('name part must be non-empty');
  } else if (name.length > LABEL_MAX_LENGTH) {
    errs.push(`name part must be no more than ${LABEL_MAX_LENGTH} characters`);
  }
  if (name.length > 0 && !QUALIFIED_NAME.test(name)) {
    errs.push(`name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName', or 'my.name', or '123-abc', regex used for validation is '${QUALIFIED_NAME_FMT}')`);
  }
  return errs;
}

/** `IsValidLabelValue`: label values (also node selector values, toleration values); may be empty. */
export function isValidLabelValue(s: string): string[] {
  const errs = tooLong(s, LABEL_MAX_LENGTH);
  if (!LABEL_VALUE.test(s)) {
    errs.push(`a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue', or 'my_value', or '12345', regex used for validation is '${LABEL_VALUE_FMT}')`);
  }
  return errs;
}

/** `IsConfigMapKey`: keys of ConfigMaps and Secrets (and so of `configMapKeyRef` / `secretKeyRef`). */
export function isConfigMapKey(s: string): string[] {
  const errs = tooLong(s, SUBDOMAIN_MAX_LENGTH);
  if (!CONFIG_MAP_KEY.test(s)) {
    errs.push(`a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name', or 'KEY_NAME', or 'key-name', regex used for validation is '${CONFIG_MAP_KEY_FMT}')`);
  }
  if (s === '.') errs.push('must not be \'.\'');
  else if (s === '..') errs.push('must not be \'..\'');
  else if (s.startsWith('..')) errs.push('must not start with \'..\'');
  return errs;
}

/** `IsEnvVarName`: a container env var name. */
export function isEnvVarName(s: string): string[] {
  if (ENV_VAR_NAME.test(s)) return [];
  return [`a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name', or 'MY_ENV.NAME', or 'MyEnvName1', regex used for validation is '${ENV_VAR_NAME_FMT}')`];
}

/** The errors of a valid value: one shared empty list. */
const NONE: readonly string[] = Object.freeze([]);
const MEMO_MAX = 8192;

/**
 * `check`, remembering its answer for up to 8,192 strings (then it starts over): for values that
 * repeat across objects and distributions (the library's label keys and values, volume,
 * container and env var names, Secret names). The lists are shared: callers only read them.
 */
export function memoisedCheck(check: (s: string) => string[]): (s: string) => readonly string[] {
  const memo = new Map<string, readonly string[]>();
  return (s: string) => {
    let errs = memo.get(s);
    if (errs === undefined) {
      const found = check(s);
      errs = found.length === 0 ? NONE : found;
      setBounded(memo, s, errs, MEMO_MAX);
    }
    return errs;
  };
}

const qualifiedNameErrors = memoisedCheck(isQualifiedName);
const labelValueErrors = memoisedCheck(isValidLabelValue);
/** `isDns1123Label`, remembered (volume and container names repeat). */
export const dns1123LabelErrors = memoisedCheck(isDns1123Label);
/** `isDns1123Subdomain`, remembered (Secret and ConfigMap names repeat). */
export const dns1123SubdomainErrors = memoisedCheck(isDns1123Subdomain);
/** `isEnvVarName`, remembered (the server's env var names repeat). */
export const envVarNameErrors = memoisedCheck(isEnvVarName);
/** `isConfigMapKey`, remembered (Secret keys repeat). */
export const configMapKeyErrors = memoisedCheck(isConfigMapKey);

/** True for a DNS-1035 label of at most `max` characters. */
export function isDns1035Name(s: string, max = LABEL_MAX_LENGTH): boolean {
  return s.length <= max && DNS1035_LABEL.test(s);
}

/** A user value for a message: quoted, escaped, one line, cut short (src/core/quote.ts). */
export function shown(v: string): string {
  return quoteValue(v);
}

/** What kind of reference a name is, for messages and fixes. */
export interface NameRule {
  /** e.g. `a namespace name`. */
  readonly what: string;
  readonly check: (s: string) => readonly string[];
  readonly fix: string;
}

export const NAMESPACE_NAME: NameRule = {
  what: 'a namespace name',
  check: dns1123LabelErrors,
  fix: 'use a DNS-1123 label: at most 63 lower-case letters, digits and \'-\', starting and ending with a letter or digit',
};

/** A Secret, ConfigMap, ServiceAccount, StorageClass, IngressClass… name. */
export function objectNameRule(kind: string): NameRule {
  let rule = NAME_RULES.get(kind);
  if (rule === undefined) {
    rule = {
      what: `${/^[AEIOU]/.test(kind) ? 'an' : 'a'} ${kind} name`,
      check: dns1123SubdomainErrors,
      fix: `use the ${kind}'s name: a DNS-1123 subdomain (at most 253 lower-case letters, digits, '-' and '.', starting and ending with a letter or digit)`,
    };
    // Kinds are the library's words (Secret, ConfigMap…): a handful.
    if (NAME_RULES.size >= 64) NAME_RULES.clear();
    NAME_RULES.set(kind, rule);
  }
  return rule;
}
const NAME_RULES = new Map<string, NameRule>();

/** The problem of one name, or undefined (non-strings are the type checks'). */
export function nameProblem(v: unknown, path: string, rule: NameRule): ConfigProblem | undefined {
  if (typeof v !== 'string') return undefined;
  const errs = rule.check(v);
  if (errs.length === 0) return undefined;
  return { path, message: `${shown(v)} is not ${rule.what}: ${errs.join('; ')}`, fix: rule.fix };
}

/**
 * Where a value is: its path, or a function that formats it, called only for a problem (checks
 * of valid values, the usual case, then format no path).
 */
export type LazyPath = string | (() => string);

/** The text of a path. */
export function pathText(path: LazyPath): string {
  return typeof path === 'string' ? path : path();
}

/**
 * `ValidateLabels` (also what a node selector's `matchLabels` must be): every key a qualified
 * name, every value a label value. `what` names the map in messages, e.g. `label`.
 */
export function labelMapProblems(labels: unknown, path: LazyPath, what = 'label'): ConfigProblem[] {
  if (labels === null || typeof labels !== 'object' || Array.isArray(labels)) return [];
  const problems: ConfigProblem[] = [];
  for (const k of Object.keys(labels)) {
    const v: unknown = (labels as Record<string, unknown>)[k];
    const at = () => childPath(pathText(path), k); // formatted only for a problem
    const keyErrs = qualifiedNameErrors(k);
    if (keyErrs.length > 0) {
      problems.push({
        path: at(),
        message: `${what} key ${shown(k)} is not a qualified name: ${keyErrs.join('; ')}`,
        fix: 'use an optional DNS subdomain prefix and \'/\', then at most 63 letters, digits, \'-\', \'_\' and \'.\', starting and ending with a letter or digit (e.g. example.com/tier)',
      });
    }
    if (typeof v !== 'string') continue;
    const valueErrs = labelValueErrors(v);
    if (valueErrs.length > 0) {
      problems.push({
        path: at(),
        message: `${what} value ${shown(v)} is not a valid label value: ${valueErrs.join('; ')}`,
        fix: 'use at most 63 letters, digits, \'-\', \'_\' and \'.\', starting and ending with a letter or digit (or an empty value)',
      });
    }
  }
  return problems;
}

const SELECTOR_OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist'];

/** `ValidateLabelSelector`: `matchLabels` as labels, `matchExpressions` with valid keys, operators and values. */
export function labelSelectorProblems(selector: unknown, path: LazyPath): ConfigProblem[] {
  if (selector === null || typeof selector !== 'object' || Array.isArray(selector)) return [];
  const s = selector as { matchLabels?: unknown; matchExpressions?: unknown };
  const problems = labelMapProblems(s.matchLabels, () => `${pathText(path)}.matchLabels`, 'selector label');
  const exprs = Array.isArray(s.matchExpressions) ? s.matchExpressions : [];
  exprs.forEach((e: any, i: number) => {
    if (e === null || typeof e !== 'object') return;
    const at = `${pathText(path)}.matchExpressions[${i}]`;
    if (typeof e.key === 'string') {
      const errs = isQualifiedName(e.key);
      if (errs.length > 0) problems.push({ path: `${at}.key`, message: `${shown(e.key)} is not a label key: ${errs.join('; ')}`, fix: 'use a label key such as app.kubernetes.io/name' });
    }
    const values: unknown[] = Array.isArray(e.values) ? e.values : [];
    if (typeof e.operator === 'string') {
      if (!SELECTOR_OPERATORS.includes(e.operator)) {
        problems.push({ path: `${at}.operator`, message: `Unsupported value: ${shown(e.operator)}: supported values: ${SELECTOR_OPERATORS.map((o) => `"${o}"`).join(', ')}`, fix: 'use In, NotIn, Exists or DoesNotExist' });
      } else if ((e.operator === 'In' || e.operator === 'NotIn') && values.length === 0) {
        problems.push({ path: `${at}.values`, message: `must be specified when \`operator\` is '${e.operator}'`, fix: 'list the label values to match' });
      } else if ((e.operator === 'Exists' || e.operator === 'DoesNotExist') && values.length > 0) {
        problems.push({ path: `${at}.values`, message: `may not be specified when \`operator\` is '${e.operator}'`, fix: 'remove values' });
      }
    }
    values.forEach((v, j) => {
      if (typeof v !== 'string') return;
      const errs = isValidLabelValue(v);
      if (errs.length > 0) problems.push({ path: `${at}.values[${j}]`, message: `${shown(v)} is not a valid label value: ${errs.join('; ')}`, fix: 'use at most 63 letters, digits, \'-\', \'_\' and \'.\', starting and ending with a letter or digit' });
    });
  });
  return problems;
}
