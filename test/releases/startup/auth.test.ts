/**
 * The start-up model's `server.auth` checks (src/releases/startup/auth.ts) on hand-written configs,
 * against what the releases do: every row's verdict ("refused" / "starts") was taken by feeding
 * the same `server.auth` to the release's own `AuthenticationConfig` (core/datatypes.py and
 * core/access_control/ at v0.8.0 and v0.7.1, pydantic 2). The model is fatal exactly where the
 * release refuses to start, plus where the route policy turns the health probes into 403s
 * ("probes": the server starts, the pod never becomes ready). Warnings are what pydantic drops
 * silently or what can never match.
 * See ../shared/reference/llama-stack/startup-checks.md §8.1.
 */
import { JsonObject, JsonValue } from '../../../src/core/json';
import { ServerTarget } from '../../../src/releases/server-target';
import { checkStartup, EnvValue, StartupReport } from '../../../src/releases/startup';

const TARGETS: [string, ServerTarget][] = [['ogx-0.8', ServerTarget.OGX_0_8], ['llama-stack-0.7', ServerTarget.LLAMA_STACK_0_7]];

function run(target: ServerTarget, auth: JsonValue, env: { [name: string]: string } = {}): StartupReport {
  const e = new Map<string, EnvValue>();
  for (const k of Object.keys(env)) e.set(k, { kind: 'value', value: env[k] });
  return checkStartup({ distro_name: 'test', providers: {}, server: { auth } } as JsonObject, target._release, e);
}

type Verdict = 'starts' | 'refused' | 'probes';

/** [verdict of the release, server.auth, fatal paths, warning paths] */
const CASES: [Verdict, JsonValue, string[], string[]][] = [
  ['starts', { provider_config: { type: 'kubernetes' } }, [], []],
  ['refused', { provider_config: { type: 'kubernetes', api_server_url: 'ftp://x' } }, ['server.auth.provider_config.api_server_url'], []],
  ['refused', { provider_config: { type: 'kubernetes', api_server_url: 'https:///nohost' } }, ['server.auth.provider_config.api_server_url'], []],
  ['refused', { provider_config: { type: 'kubernetes', api_server_url: 'kubernetes.default.svc' } }, ['server.auth.provider_config.api_server_url'], []],
  ['starts', { provider_config: { type: 'kubernetes', api_server_url: 'https://h/path' } }, [], ['server.auth.provider_config.api_server_url']],
  ['refused', { provider_config: { type: 'kubernetes', claims_mapping: { groups: '' } } }, ['server.auth.provider_config.claims_mapping.groups'], []],
  ['refused', { provider_config: { type: 'kubernetes', claims_mapping: { groups: 5 } } }, ['server.auth.provider_config.claims_mapping.groups'], []],
  ['starts', { provider_config: { type: 'kubernetes', verify_tls: 'yes' } }, [], []],
  ['refused', { provider_config: { type: 'kubernetes', verify_tls: 'maybe' } }, ['server.auth.provider_config.verify_tls'], []],
  ['refused', { provider_config: { type: 'oauth2_token' } }, ['server.auth.provider_config'], []],
  ['refused', { provider_config: { type: 'oauth2_token', jwks: { uri: 'u' }, introspection: { url: 'u', client_id: 'c', client_secret: 's' } } }, ['server.auth.provider_config'], []],
  ['refused', { provider_config: { type: 'oauth2_token', jwks: {} } }, ['server.auth.provider_config.jwks.uri'], []],
  ['refused', { provider_config: { type: 'oauth2_token', jwks: { uri: 'u', key_recheck_period: 'x' } } }, ['server.auth.provider_config.jwks.key_recheck_period'], []],
  ['starts', { provider_config: { type: 'oauth2_token', jwks: { uri: 'u' }, claims_mapping: { a: '' } } }, [], []],
  ['refused', { provider_config: { type: 'oauth2_token', introspection: { url: 'u' } } }, ['server.auth.provider_config.introspection.client_id', 'server.auth.provider_config.introspection.client_secret'], []],
  ['refused', { provider_config: { type: 'oauth2_token', introspection: { url: 'u', client_id: 'c', client_secret: 5 } } }, ['server.auth.provider_config.introspection.client_secret'], []],
  ['refused', { provider_config: { type: 'oauth2_token', jwks: { uri: 'u' }, audience: 5 } }, ['server.auth.provider_config.audience'], []],
  ['refused', { provider_config: { type: 'oauth2_token', jwks: 'u' } }, ['server.auth.provider_config.jwks', 'server.auth.provider_config'], []],
  ['starts', { provider_config: { type: 'github_token' } }, [], []],
  ['refused', { provider_config: { type: 'github_token', github_api_base_url: 5 } }, ['server.auth.provider_config.github_api_base_url'], []],
  ['refused', { provider_config: { type: 'custom' } }, ['server.auth.provider_config.endpoint'], []],
  ['starts', { provider_config: { type: 'custom', endpoint: 'x' } }, [], []],
  ['refused', { provider_config: { type: 'basic' } }, ['server.auth.provider_config.type'], []],
  ['refused', { provider_config: {} }, ['server.auth.provider_config.type'], []],
  ['starts', { provider_config: null, route_policy: [{ permit: { paths: '*' } }] }, [], []],
  ['refused', { provider_config: 'kubernetes' }, ['server.auth.provider_config'], []],
  ['refused', { access_policy: null }, ['server.auth.access_policy'], []],
  ['refused', { access_policy: 'x' }, ['server.auth.access_policy'], []],
  ['refused', { access_policy: [{}] }, ['server.auth.access_policy[0]'], []],
  ['refused', { access_policy: [{ permit: { actions: ['read'] }, forbid: { actions: ['read'] } }] }, ['server.auth.access_policy[0]'], []],
  ['refused', { access_policy: [{ permit: { actions: ['read'] }, when: 'user is owner', unless: 'user is owner' }] }, ['server.auth.access_policy[0].unless'], []],
  ['refused', { access_policy: [{ permit: { actions: ['read'] }, when: 'user is admin' }] }, ['server.auth.access_policy[0].when'], []],
  ['refused', { access_policy: [{ permit: { actions: ['read'] }, when: ['user is owner', 'user is admin'] }] }, ['server.auth.access_policy[0].when[1]'], []],
  ['starts', { access_policy: [{ permit: { actions: ['read'] }, when: '' }] }, [], []],
  ['refused', { access_policy: [{ permit: { actions: ['read'] }, when: [''] }] }, ['server.auth.access_policy[0].when[0]'], []],
  ['starts', { access_policy: [{ permit: { actions: ['read'] }, when: [] }] }, [], []],
  ['starts', { access_policy: [{ permit: { actions: ['read'] }, when: '', unless: 'user is owner' }] }, [], []],
  ['refused', { access_policy: [{ permit: { actions: ['read'] }, when: 5 }] }, ['server.auth.access_policy[0].when'], []],
  ['refused', { access_policy: [{ permit: { actions: ['read'] }, when: [5] }] }, ['server.auth.access_policy[0].when[0]'], []],
  ['refused', { access_policy: [{ permit: {} }] }, ['server.auth.access_policy[0].permit.actions'], []],
  ['starts', { access_policy: [{ permit: { actions: 'read' } }] }, [], []],
  ['refused', { access_policy: [{ permit: { actions: ['run'] } }] }, ['server.auth.access_policy[0].permit.actions[0]'], []],
  ['refused', { access_policy: [{ permit: { actions: 'run' } }] }, ['server.auth.access_policy[0].permit.actions'], []],
  ['starts', { access_policy: [{ permit: { actions: [] } }] }, [], ['server.auth.access_policy[0].permit.actions']],
  ['refused', { access_policy: [{ permit: { actions: ['read'], resource: 5 } }] }, ['server.auth.access_policy[0].permit.resource'], []],
  ['starts', { access_policy: [{ permit: { actions: ['read'], resource: 'models' } }] }, [], ['server.auth.access_policy[0].permit.resource']],
  ['refused', { access_policy: [{ permit: 'x' }] }, ['server.auth.access_policy[0].permit'], []],
  ['refused', { access_policy: [{ permit: { actions: ['read'] }, description: 5 }] }, ['server.auth.access_policy[0].description'], []],
  ['refused', { access_policy: ['x'] }, ['server.auth.access_policy[0]'], []],
  ['starts', { route_policy: [{ permit: { paths: ['/v1/health'] } }] }, [], []],
  ['refused', { route_policy: [{ permit: {} }] }, ['server.auth.route_policy[0].permit.paths'], []],
  ['refused', { route_policy: [{ permit: { paths: 5 } }] }, ['server.auth.route_policy[0].permit.paths'], []],
  ['refused', { route_policy: [{ permit: { paths: [5] } }] }, ['server.auth.route_policy[0].permit.paths'], []],
  ['probes', { route_policy: [{ permit: { paths: '*' }, when: 'user is owner' }] }, ['server.auth.route_policy'], ['server.auth.route_policy[0].when']],
  ['refused', { route_policy: [{ permit: { paths: '*' }, when: 'user is admin' }] }, ['server.auth.route_policy[0].when', 'server.auth.route_policy'], []],
  ['refused', { route_policy: [{ forbid: { paths: '*' }, permit: { paths: '*' } }] }, ['server.auth.route_policy[0]'], []],
  ['probes', { route_policy: [{ permit: { paths: '/v1/health/' } }] }, ['server.auth.route_policy'], ['server.auth.route_policy[0].permit.paths']],
  ['starts', { route_policy: [{ permit: { paths: ['/v1/models'], actions: ['read'] } }, { permit: { paths: '/v1/health' } }] }, [], ['server.auth.route_policy[0].permit.actions']],
  ['starts', { provider_config: { type: 'kubernetes', tls_ca_file: '/x' } }, [], ['server.auth.provider_config.tls_ca_file']],
  ['starts', { route_policy: [] }, [], []],
  ['refused', 'x', ['server.auth'], []],
];

describe.each(TARGETS)('%s', (_id, target) => {
  test.each(CASES.map((c, i) => [i, JSON.stringify(c[1]).slice(0, 100), ...c] as const))('#%d %s', (_i, _text, verdict, auth, fatal, warnings) => {
    const r = run(target, auth);
    expect(r.fatal.map((f) => f.path)).toEqual(fatal);
    expect(r.warnings.map((f) => f.path)).toEqual(warnings);
    expect(r.fatal.length > 0).toBe(verdict !== 'starts');
  });

  test('exact messages of the policy rules, in the release\'s words', () => {
    const r = run(target, {
      access_policy: [
        {},
        { permit: { actions: ['read'] }, forbid: { actions: ['read'] } },
        { permit: { actions: ['read'] }, when: 'user is owner', unless: 'user is not owner' },
        { permit: { actions: ['run'] }, when: ['user with admin in roles', 'user is admin'] },
      ],
    });
    expect(r.fatal.map((f) => `${f.path}: ${f.message} — ${f.fix}`)).toEqual([
      'server.auth.access_policy[0]: on of permit or forbid is required — write permit: {...} or forbid: {...}',
      'server.auth.access_policy[1]: permit and forbid are mutually exclusive — split it into two rules',
      'server.auth.access_policy[2].unless: when and unless are mutually exclusive — keep one of them',
      'server.auth.access_policy[3].when[1]: Invalid condition: user is admin — write one of: user is owner, user is not owner, user with <value> in <attribute>, user with <value> not in <attribute>, user in owners <attribute>, user not in owners <attribute>, resource is unowned',
      "server.auth.access_policy[3].permit.actions[0]: Input should be 'create', 'read', 'update' or 'delete', not \"run\" — use one of: create, read, update, delete",
    ]);
  });

  test('a route policy that does not let the probes through: where and why', () => {
    const r = run(target, { provider_config: { type: 'kubernetes' }, route_policy: [{ forbid: { paths: '/v1/*' } }, { permit: { paths: '/v1/health' } }] });
    expect(r.fatal.map((f) => `${f.path}: ${f.message} — ${f.fix}`)).toEqual([
      'server.auth.route_policy[0]: the route policy answers 403 to /v1/health without a token (it runs on every request, before the route\'s own exemption from authentication): the health probes fail and the pod never becomes ready — put a rule without condition first: {permit: {paths: [/v1/health]}}',
    ]);
    // A regex JavaScript cannot read is left alone rather than guessed.
    expect(run(target, { route_policy: [{ permit: { paths: 'regex:(?i)/V1/HEALTH' } }] }).fatal).toEqual([]);
    expect(run(target, { route_policy: [{ permit: { paths: ['regex:/v1/(health|version)'] } }] }).fatal).toEqual([]);
  });

  test('auth switched off by an empty type keeps the policies, which are still checked', () => {
    const r = run(target, { provider_config: { type: '${env.AUTH_PROVIDER:+kubernetes}', api_server_url: '${env.NOPE}' }, access_policy: [{ permit: {} }] });
    expect(r.fatal.map((f) => f.path)).toEqual(['server.auth.access_policy[0].permit.actions']);
    expect(run(target, { provider_config: { type: '${env.AUTH_PROVIDER:+kubernetes}' } }, { AUTH_PROVIDER: 'on' }).fatal).toEqual([]);
  });
});

test('upstream_header (not in the table above): OGX 0.8 only, and the fix says so on 0.7', () => {
  const auth = { provider_config: { type: 'upstream_header', principal_header: 'x-user' } };
  expect(run(ServerTarget.OGX_0_8, auth)).toEqual({ fatal: [], warnings: [] });
  expect(run(ServerTarget.OGX_0_8, { provider_config: { type: 'upstream_header' } }).fatal.map((f) => `${f.path}: ${f.message}`))
    .toEqual(['server.auth.provider_config.principal_header: principal_header: Field required']);
  expect(run(ServerTarget.LLAMA_STACK_0_7, auth).fatal.map((f) => `${f.path}: ${f.message} — ${f.fix}`)).toEqual([
    'server.auth.provider_config.type: llama-stack 0.7.1 has no auth provider type "upstream_header" — upstream_header is new in OGX 0.8: use that release, or another type (custom, github_token, kubernetes, oauth2_token)',
  ]);
});

describe('what the provider does per request, from the release data (OGX 1.0+: introspection reads verify_tls, github fetches /user/orgs)', () => {
  const INTROSPECT = { type: 'oauth2_token', introspection: { url: 'https://idp.example.com/introspect', client_id: 'c', client_secret: 's' } };
  const ORGS = { type: 'github_token', claims_mapping: { login: 'roles', organizations: 'teams' } };

  test.each(TARGETS)('%s: an https introspection endpoint without tls_cafile is never verified, and organizations never filled: warnings', (_id, target) => {
    expect(run(target, { provider_config: INTROSPECT }).warnings.map((f) => `${f.path}: ${f.message} — ${f.fix}`)).toEqual([
      `server.auth.provider_config.introspection.url: ${target.description} verifies the introspection endpoint only against tls_cafile (verify_tls is not read there): without it the client secret and every token go to whichever server answers`
      + " — set tls_cafile to the CA that signed the identity provider's certificate, or verify_tls: false to accept that, or run OGX 1.0 or later (it verifies against the system trust store)",
    ]);
    expect(run(target, { provider_config: ORGS }).warnings.map((f) => `${f.path}: ${f.message} — ${f.fix}`)).toEqual([
      `server.auth.provider_config.claims_mapping.organizations: ${target.description} never fills organizations (it fetches /user only): this maps nothing — map login or id, or run OGX 1.0 or later (it fetches /user/orgs)`,
    ]);
    // A CA, an explicit verify_tls: false (pydantic's lax bool) or plain http: nothing to say.
    expect(run(target, { provider_config: { ...INTROSPECT, tls_cafile: '/ca.crt' } })).toEqual({ fatal: [], warnings: [] });
    expect(run(target, { provider_config: { ...INTROSPECT, verify_tls: 'false' } })).toEqual({ fatal: [], warnings: [] });
    expect(run(target, { provider_config: { ...INTROSPECT, introspection: { ...INTROSPECT.introspection, url: 'http://idp:8080/introspect' } } })).toEqual({ fatal: [], warnings: [] });
  });

  test.each([ServerTarget.OGX_1_1, ServerTarget.OGX_1_2, ServerTarget.OGX_1_3].map((t) => [t.id, t] as const))('%s: both start without a warning', (_id, target) => {
    // 1.2+ serves plain HTTP only with server.insecure (behind a gateway, or the 1.2.1+ entrypoint).
    const start = (pc: JsonObject) => checkStartup({ distro_name: 'test', providers: {}, server: { auth: { provider_config: pc }, ...(target._release.rules.strictTls ? { insecure: true } : {}) } } as JsonObject, target._release, new Map());
    expect(start(INTROSPECT)).toEqual({ fatal: [], warnings: [] });
    expect(start(ORGS)).toEqual({ fatal: [], warnings: [] });
  });
});
