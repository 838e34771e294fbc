/**
 * Manifests as YAML that every reader reads back as written. cdk8s's `Yaml.stringify` (what
 * `App.synth` and the CLI use) writes YAML 1.1 and quotes only what a YAML 1.1 reader would
 * misread: `namespace: 0o17` stays plain, and a YAML 1.2 reader (yaml.v3, kustomize's kyaml, the
 * `yaml` package's default) or go-yaml v2 as kubectl runs it (Go's number syntax: `0o17`, `0X1F`,
 * `1_0e1`) reads the number 15. This writes the same text, with every such string double-quoted.
 */
import * as YAML from 'yaml';
import { readsBackAsString } from './yaml11-resolve';

/** What the YAML 1.2 core schema resolves to a non-string. */
const CORE_NON_STRING = [
  /^[-+]?[0-9]+$/, /^0o[0-7]+$/, /^0x[0-9a-fA-F]+$/,
  /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/, /^[-+]?\.(inf|Inf|INF)$/, /^\.(nan|NaN|NAN)$/,
  /^(true|True|TRUE|false|False|FALSE)$/, /^(null|Null|NULL|~)$/,
];

/** True when `s` written plain reads back as the string `s` under YAML 1.1 (go-yaml v2) and YAML 1.2 (core schema). */
export function plainReadsAsString(s: string): boolean {
  return s !== '' && readsBackAsString(s) && !CORE_NON_STRING.some((re) => re.test(s));
}

/**
 * Documents as a multi-document YAML stream, as cdk8s's `Yaml.stringify(...docs)` writes them
 * (YAML 1.1, no line folding), but with every one-line string a YAML 1.1 or 1.2 reader would
 * read as something else double-quoted, keys included.
 */
export function manifestYaml(...docs: unknown[]): string {
  return docs.map((d) => {
    if (d === undefined) return '\n';
    const doc = new YAML.Document(d, { keepUndefined: true, version: '1.1' });
    YAML.visit(doc, {
      Scalar(_key, node) {
        if (typeof node.value === 'string' && !node.value.includes('\n') && !plainReadsAsString(node.value)) node.type = 'QUOTE_DOUBLE';
      },
    });
    return doc.toString({ lineWidth: 0 });
  }).join('---\n');
}
