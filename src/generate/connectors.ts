/**
 * `connectors`: the MCP servers the server registers at start-up (`StackConfig.connectors`,
 * registered by `register_connectors` in core/stack.py; every modelled release reads them). A
 * base config's connector with the same id is replaced; two of the user's with one id are an
 * error (the server would keep the later one).
 */
import { TargetGeneration } from './generation';
import { getOwn, isJsonObject, JsonObject, JsonValue } from '../core/json';
import { quoteValue } from '../core/quote';
import { listOf } from '../core/writable-json';
import type { Connector } from '../values/connector';

function readsConnectors(rules: TargetGeneration['rules'], type: string): boolean {
  return rules.keys.top.includes('connectors') && (rules.connectorTypes ?? []).includes(type);
}

/** The problem of a connector whose id `connectors[j]` has. */
export function connectorIdTaken(id: string, j: number): string {
  return `connector id ${quoteValue(id)} is also connectors[${j}]'s: the server would register the later one over the earlier`;
}

export function applyConnectors(g: TargetGeneration, config: JsonObject, connectors: readonly Connector[] | undefined): void {
  if (!connectors || connectors.length === 0) return;
  if (!connectors.every((c) => readsConnectors(g.rules, c.connectorType))) {
    g.problem('connectors', `${g.target.description} registers no connectors (MCP servers) from its config`,
      g.targetsFix((t) => readsConnectors(t._release.rules, 'mcp'), 'connectors', 'remove connectors'));
    return;
  }
  const first = new Map<string, number>();
  const user: JsonObject[] = [];
  connectors.forEach((c, i) => {
    const j = first.get(c.id);
    if (j !== undefined) {
      g.problem(`connectors[${i}].id`, connectorIdTaken(c.id, j), 'give each connector its own id');
      return;
    }
    first.set(c.id, i);
    user.push(c.toConfig());
  });
  // Base connectors the user's replace (by id) stay in place; the rest of the user's follow.
  const base = listOf(config, 'connectors');
  const byId = new Map(user.map((u) => [u.connector_id as string, u]));
  const merged: JsonValue[] = base.map((b) => {
    const id = isJsonObject(b) ? getOwn(b, 'connector_id') : undefined;
    const u = typeof id === 'string' ? byId.get(id) : undefined;
    if (u === undefined) return b;
    byId.delete(id as string);
    return u;
  });
  merged.push(...user.filter((u) => byId.has(u.connector_id as string)));
  config.connectors = merged;
  connectors.forEach((c, i) => {
    const at = merged.findIndex((m) => isJsonObject(m) && getOwn(m, 'connector_id') === c.id);
    if (first.get(c.id) === i && at >= 0) g.wrote(`connectors[${at}]`, `connectors[${i}]`);
  });
}
