/**
 * `server.tenancy` (OGX 1.2+, #6126; `TenancyConfig` in `core/datatypes.py`, v1.3.0:212-243):
 * the mode is `disabled`, `single` or `multi`; `single` needs a `default_tenant_id`, and any
 * tenant id must match `[a-z0-9][a-z0-9-_]{0,127}` once lower-cased. What only shows per
 * request or at initialisation is reported too: `multi` answers 401 to every request whose
 * tenant authentication does not resolve, and vector stores need a metadata store there.
 */
import { mapping, show, StartupContext } from './context';
import { getOwn } from '../../core/json';

const MODES = ['disabled', 'single', 'multi'];
/** A tenant id the release accepts (after trimming and lower-casing), as its tenancy config checks it. */
export const TENANT_ID = /^[a-z0-9][a-z0-9\-_]{0,127}$/;
/** Auth provider type → the field that yields a tenant (1.2+). */
const TENANT_FIELD: { [type: string]: string } = { oauth2_token: 'tenant_claim', kubernetes: 'tenant_claim', custom: 'tenant_field', upstream_header: 'tenant_header' };

export function checkTenancy(c: StartupContext): void {
  if (!c.rules.tenancy) return;
  const server = mapping(getOwn(c.doc, 'server'));
  const raw = server ? getOwn(server, 'tenancy') : undefined;
  if (raw === undefined) return;
  const t = mapping(raw);
  if (!t) {
    c.findings.fatal('server.tenancy', `tenancy must be a mapping, not ${show(raw)}`, 'write tenancy: {mode: disabled}, or leave it out');
    return;
  }
  const mode = getOwn(t, 'mode') ?? 'disabled';
  if (typeof mode !== 'string' || !MODES.includes(mode)) {
    c.findings.fatal('server.tenancy.mode', `Input should be 'disabled', 'single' or 'multi', not ${show(mode)}`, 'use disabled, single or multi');
    return;
  }
  const id = getOwn(t, 'default_tenant_id');
  if (mode === 'single' && (id === undefined || id === null || id === '')) {
    c.findings.fatal('server.tenancy.default_tenant_id', "default_tenant_id is required when tenancy mode is 'single'", 'name the tenant every request belongs to');
  }
  if (id !== undefined && id !== null && id !== '') {
    if (typeof id !== 'string') c.findings.fatal('server.tenancy.default_tenant_id', `default_tenant_id must be a string, not ${show(id)}`, 'write the tenant id as a string');
    else if (id.trim() === '') c.findings.fatal('server.tenancy.default_tenant_id', 'tenant_id must not be empty or blank', 'name the tenant');
    else if (!TENANT_ID.test(id.trim().toLowerCase())) c.findings.fatal('server.tenancy.default_tenant_id', `tenant_id must match [a-z0-9][a-z0-9-_]{0,127}: ${show(id)}`, 'use lower-case letters, digits, - and _ (up to 128)');
  }
  if (mode !== 'multi') return;
  const auth = server ? mapping(getOwn(server, 'auth')) : undefined;
  const pc = auth ? mapping(getOwn(auth, 'provider_config')) : undefined;
  const type = pc ? getOwn(pc, 'type') : undefined;
  const field = typeof type === 'string' ? TENANT_FIELD[type] : undefined;
  if (!pc || !field || getOwn(pc, field) === undefined || getOwn(pc, field) === null || getOwn(pc, field) === '') {
    c.findings.warn('server.tenancy.mode', "tenancy mode 'multi' answers 401 to every request whose tenant authentication does not resolve (\"Tenant context required but not resolved from authentication\"), and no auth provider here yields a tenant",
      `configure an auth provider with ${field ?? 'tenant_claim / tenant_header / tenant_field'}, or use mode single`);
  }
}
