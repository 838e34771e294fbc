/**
 * One distribution per name and namespace in an app: two would write the same Deployment,
 * Service, ServiceAccount… (`kubectl apply` keeps the last one; Argo CD reports a shared
 * resource). Charts of one app share the registry, so two charts with the same namespace are
 * checked too; separate apps (the CR constructs' dry runs, the CLI's renders) are not.
 */
import { IConstruct } from 'constructs';
import { ConfigProblem } from '../core/errors';

/** Objects without a namespace land in kubectl's current namespace: "default" unless told. */
const UNSET_NAMESPACE = 'default';

/** Per app (the construct tree's root): "<namespace>/<name>" → the distribution that has it. */
const claimed = new WeakMap<IConstruct, Map<string, IConstruct>>();

function key(name: string, namespace: string | undefined): string {
  return `${namespace ?? UNSET_NAMESPACE}/${name}`;
}

/** True while `c` is still in its tree (a construct can be removed with `tryRemoveChild`). */
function attached(c: IConstruct): boolean {
  const parent = c.node.scope;
  return parent === undefined || parent.node.tryFindChild(c.node.id) === c;
}

/**
 * The problem when another distribution of the same app already has `name` in `namespace`
 * (the effective one: the construct's, else its chart's, else unset).
 */
export function duplicateNameProblem(c: IConstruct, name: string, namespace: string | undefined, path: string): ConfigProblem | undefined {
  const other = claimed.get(c.node.root)?.get(key(name, namespace));
  if (other === undefined || other === c || !attached(other)) return undefined;
  const where = namespace !== undefined ? `namespace "${namespace}"` : `the same namespace (none set: "${UNSET_NAMESPACE}" when applied)`;
  return {
    path,
    message: `${other.node.path} and ${c.node.path} are both named "${name}" in ${where}: both would write Deployment ${name}, Service ${name}-service and the rest`,
    fix: `set props.name on one of them to a name of its own (e.g. name: '${name}-2'), or put them in different namespaces`,
  };
}

/** Records that `c` has `name` in `namespace`. */
export function claimName(c: IConstruct, name: string, namespace: string | undefined): void {
  const root = c.node.root;
  let names = claimed.get(root);
  if (names === undefined) claimed.set(root, (names = new Map()));
  names.set(key(name, namespace), c);
}
