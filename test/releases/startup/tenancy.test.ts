/** checkTenancy: server.tenancy as OGX 1.2+ validates it (TenancyConfig), and multi mode without a tenant-yielding auth provider. */
import { JsonObject } from '../../../src/core/json';
import { ServerTarget } from '../../../src/releases/server-target';
import { checkTenancy } from '../../../src/releases/startup/tenancy';
import { findingLine, startupContext } from '../../support/startup-context';
import { cfg, messages, run, STRICT } from '../../support/startup-run';

function findings(tenancy: unknown, auth?: object, target?: ServerTarget): string[] {
  const c = startupContext({ server: { tenancy, ...(auth ? { auth } : {}) } }, { target });
  checkTenancy(c);
  return c.findings.list.map(findingLine);
}

const MULTI_WARNING = 'warning server.tenancy.mode: tenancy mode \'multi\' answers 401 to every request whose tenant authentication does not resolve '
  + '("Tenant context required but not resolved from authentication"), and no auth provider here yields a tenant';

describe('checkTenancy', () => {
  test('valid tenancy, or none, has no finding', () => {
    expect(findings({ mode: 'disabled' })).toStrictEqual([]);
    expect(findings({})).toStrictEqual([]);
    expect(findings({ mode: 'single', default_tenant_id: 'Team-A_1' })).toStrictEqual([]);
    expect(findings({ mode: 'multi' }, { provider_config: { type: 'kubernetes', tenant_claim: 'groups' } })).toStrictEqual([]);
    const c = startupContext({ server: {} });
    checkTenancy(c);
    expect(c.findings.list).toStrictEqual([]);
  });

  test('a release without tenancy (before 1.2) is not checked', () => {
    expect(findings({ mode: 'bogus' }, undefined, ServerTarget.OGX_0_8)).toStrictEqual([]);
  });

  test('not a mapping; an unknown mode', () => {
    expect(findings('multi')).toStrictEqual(['fatal server.tenancy: tenancy must be a mapping, not "multi" — write tenancy: {mode: disabled}, or leave it out']);
    expect(findings({ mode: 'shared' })).toStrictEqual(['fatal server.tenancy.mode: Input should be \'disabled\', \'single\' or \'multi\', not "shared" — use disabled, single or multi']);
  });

  test('single needs a default tenant', () => {
    const required = 'fatal server.tenancy.default_tenant_id: default_tenant_id is required when tenancy mode is \'single\' — name the tenant every request belongs to';
    expect(findings({ mode: 'single' })).toStrictEqual([required]);
    expect(findings({ mode: 'single', default_tenant_id: '' })).toStrictEqual([required]);
    expect(findings({ mode: 'single', default_tenant_id: null })).toStrictEqual([required]);
  });

  test.each<[unknown, string]>([
    [5, 'fatal server.tenancy.default_tenant_id: default_tenant_id must be a string, not 5 — write the tenant id as a string'],
    ['  ', 'fatal server.tenancy.default_tenant_id: tenant_id must not be empty or blank — name the tenant'],
    ['-team', 'fatal server.tenancy.default_tenant_id: tenant_id must match [a-z0-9][a-z0-9-_]{0,127}: "-team" — use lower-case letters, digits, - and _ (up to 128)'],
    ['a.b', 'fatal server.tenancy.default_tenant_id: tenant_id must match [a-z0-9][a-z0-9-_]{0,127}: "a.b" — use lower-case letters, digits, - and _ (up to 128)'],
    // A value over 80 characters is shown by its first 77.
    ['a'.repeat(129), `fatal server.tenancy.default_tenant_id: tenant_id must match [a-z0-9][a-z0-9-_]{0,127}: "${'a'.repeat(77)}..." — use lower-case letters, digits, - and _ (up to 128)`],
  ])('a tenant id in any mode must be valid: %p', (id, line) => {
    expect(findings({ mode: 'disabled', default_tenant_id: id })).toStrictEqual([line]);
  });

  test('a tenant id of 128 characters, with spaces around, is valid', () => {
    expect(findings({ default_tenant_id: ` ${'a'.repeat(128)} ` })).toStrictEqual([]);
  });

  test('multi: each auth provider type\'s tenant field, or the warning naming it', () => {
    expect(findings({ mode: 'multi' })).toStrictEqual([`${MULTI_WARNING} — configure an auth provider with tenant_claim / tenant_header / tenant_field, or use mode single`]);
    expect(findings({ mode: 'multi' }, { provider_config: { type: 'oauth2_token' } })).toStrictEqual([`${MULTI_WARNING} — configure an auth provider with tenant_claim, or use mode single`]);
    expect(findings({ mode: 'multi' }, { provider_config: { type: 'custom', tenant_field: '' } })).toStrictEqual([`${MULTI_WARNING} — configure an auth provider with tenant_field, or use mode single`]);
    expect(findings({ mode: 'multi' }, { provider_config: { type: 'upstream_header', tenant_header: 'x-tenant' } })).toStrictEqual([]);
    expect(findings({ mode: 'multi' }, { provider_config: { type: 'github_token', tenant_claim: 'x' } })).toStrictEqual([
      `${MULTI_WARNING} — configure an auth provider with tenant_claim / tenant_header / tenant_field, or use mode single`,
    ]);
  });
});

// Through the start-up model of each release (../shared/reference/llama-stack/startup-checks-1x.md).
const OGX_1_1 = ServerTarget.OGX_1_1;

describe('§8.4 tenancy (1.2+)', () => {
  test.each(STRICT)('%s: modes and tenant ids', (_id, target) => {
    const t = (tenancy: unknown) => messages(run(target, cfg({ server: { tenancy } } as JsonObject)));
    expect(t({ mode: 'disabled' })).toEqual({ fatal: [], warnings: [] });
    expect(t({ mode: 'single', default_tenant_id: 'Team-A' })).toEqual({ fatal: [], warnings: [] });
    expect(t({ mode: 'single' }).fatal).toEqual(["server.tenancy.default_tenant_id: default_tenant_id is required when tenancy mode is 'single'"]);
    expect(t({ mode: 'single', default_tenant_id: '-bad' }).fatal).toEqual(['server.tenancy.default_tenant_id: tenant_id must match [a-z0-9][a-z0-9-_]{0,127}: "-bad"']);
    expect(t({ mode: 'shared' }).fatal).toEqual(["server.tenancy.mode: Input should be 'disabled', 'single' or 'multi', not \"shared\""]);
    expect(t({ mode: 'multi' }).warnings[0]).toMatch(/^server\.tenancy\.mode: tenancy mode 'multi' answers 401/);
  });

  test('1.1 drops the key', () => {
    expect(messages(run(OGX_1_1, cfg({ server: { tenancy: { mode: 'single' } } }))).warnings).toEqual(['server.tenancy: OGX 1.1.3 does not read server.tenancy (it is dropped)']);
  });
});
