/**
 * `connectors` (`list[ConnectorInput]` of `StackConfig`): each is validated with the config and
 * registered at start-up (`register_connectors` in core/stack.py, every modelled release), and a
 * stored connector the config no longer lists is removed. `ConnectorInput` takes `connector_id`
 * and `url` (strings, required), `connector_type` (`ConnectorType`, default `mcp`) and
 * `server_label` (a string or null); pydantic ignores other keys. Registering an id twice stores
 * the later entry over the earlier one.
 */
import { show, StartupContext } from './context';
import { getOwn, isJsonObject } from '../../core/json';

export function checkConnectors(c: StartupContext): void {
  const types = c.rules.connectorTypes;
  const connectors = getOwn(c.doc, 'connectors');
  if (types === undefined || connectors === undefined || connectors === null) return;
  if (!Array.isArray(connectors)) {
    c.findings.fatal('connectors', `connectors must be a list, not ${show(connectors)}`, 'write connectors: [{connector_id, url, …}] or leave it out');
    return;
  }
  const first = new Map<string, number>();
  connectors.forEach((entry, i) => {
    const at = `connectors[${i}]`;
    if (!isJsonObject(entry)) {
      c.findings.fatal(at, `a connector must be a mapping, not ${show(entry)}`, 'write {connector_id: <id>, url: <MCP server URL>}');
      return;
    }
    for (const key of ['connector_id', 'url']) {
      const v = getOwn(entry, key);
      if (v === undefined || v === null) c.findings.fatal(`${at}.${key}`, `connector ${key}: Field required`, `set ${key}`);
      else if (typeof v !== 'string') c.findings.fatal(`${at}.${key}`, `connector ${key} must be a string, not ${show(v)}`, `write ${key} as a string`);
    }
    const type = getOwn(entry, 'connector_type');
    if (type !== undefined && (typeof type !== 'string' || !types.includes(type))) {
      c.findings.fatal(`${at}.connector_type`, `connector_type ${show(type)} is not one of ${types.join(', ')} in ${c.release.description}`, `write connector_type: ${types[0]}`);
    }
    const label = getOwn(entry, 'server_label');
    if (label !== undefined && label !== null && typeof label !== 'string') {
      c.findings.fatal(`${at}.server_label`, `server_label must be a string, not ${show(label)}`, 'write server_label as a string, or leave it out');
    }
    for (const key of Object.keys(entry)) {
      if (!['connector_id', 'connector_type', 'url', 'server_label'].includes(key)) {
        c.findings.warn(`${at}.${key}`, `${c.release.description} does not read connectors[].${key} (it is dropped)`, `remove ${key}`);
      }
    }
    const id = getOwn(entry, 'connector_id');
    if (typeof id !== 'string') return;
    const j = first.get(id);
    if (j === undefined) {
      first.set(id, i);
    } else {
      c.findings.warn(`${at}.connector_id`, `connector ${show(id)} is also connectors[${j}]: the server registers both, and the later one replaces the earlier`, 'give each connector its own connector_id');
    }
  });
}
