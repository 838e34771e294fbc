#!/usr/bin/env python3
"""
Derives a server target's data (data/targets/<id>/) from a release's source tree, statically:
nothing of the release is imported (Python's `ast` reads the files), so no release dependency is
needed. Python 3.11+ standard library only.

What it produces, and how:

* distributions/<distro>/*.yaml  -- `src/ogx/distributions/<distro>/*.yaml` byte for byte (not
  build.yaml), plus the project's one fix: a distribution whose providers need the `files` API
  (inline::file-search, responses) but configures no files provider gets `files` in `apis` and an
  `inline::localfs` provider (upstream postgres-demo and open-benchmark, every release so far).
* provider-registry.json  -- per provider: api, provider_type, config_class, api dependencies,
  deprecations, and the config class's fields (name, alias, required, type as written in the
  source, default when it is a literal), inherited fields included, `extra` from model_config,
  and `sample_run_config()` when its body is a dict of literals, f-strings over `__distro_dir__`
  and nested `X.sample_run_config(...)` / `XReference(...).model_dump()` calls.
* target.json pod facts (printed; checked with --check)  -- from containers/Containerfile and
  .github/workflows/pypi.yml when the tree has them: USER, HOME, TIKTOKEN_CACHE_DIR, whether
  the entrypoint runs `stack run --insecure`, the distributions the release builds images of.
* startup.json (the derivable rules)  -- apis (router / routing tables / plain / internal /
  internal without implementation), the keys of StackConfig, ServerConfig and
  RegisteredResources, the auth provider types, storage.stores (family, default backend,
  KV->SQL migration), strictTls / tenancy (ServerConfig fields), the env overrides the CLI
  reads, worker-mode providers, what the auth providers do per request (introspection's TLS
  verification, github organizations), the parts of a remote inference provider's `network`
  (NetworkConfig and the classes of its fields) and the connector types. Rules only a reading of the code gives (listed models, identifier
  rules, replacements...) are copied from --base-target.

Usage (a new release, e.g. 1.4.0), with SRC a checkout of the release's tag (a clone of the
GitHub repository opendatahub-io/ogx: `git clone --depth 1 --branch v1.4.0 <its URL> SRC`):

    python3 scripts/target-data.py --src SRC --release 1.4.0 --id ogx-1.4 \\
        --base-target ogx-1.3 --write
    # then: write target.json (copy ogx-1.3's, change release/imageTag/releases/pod facts from
    # containers/Containerfile and .github/workflows/pypi.yml), add ServerTarget.OGX_1_4 and the
    # CLI id, and run `npx jest test/releases test/generate`.

Check mode (compares what it derives with the committed data; exit 1 on a difference):

    python3 scripts/target-data.py --src SRC --release 1.3.0 --id ogx-1.3 --check

The check compares the distributions byte for byte, the registry's structure (provider types,
dependencies, field names, aliases, required flags, extra) and the derivable startup.json rules.
Field type strings and defaults of the committed registries came from importing the config
classes (pydantic's own view); the static ones are the annotations as written, so they are not
compared.
"""
import argparse
import ast
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from target_data_source import *  # noqa: E402,F401,F403  (the source reader, split out to keep files short)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# ---------------------------------------------------------------------------------------------
# The registry


def enum_values(t, module, name):
    mod, cls = find_class(t, module, name)
    out = []
    for s in cls.body if cls else []:
        if isinstance(s, ast.Assign) and isinstance(s.targets[0], ast.Name):
            v = const(s.value)
            if isinstance(v, str):
                out.append(v)
    return out


def api_name(node):
    return node.attr if isinstance(node, ast.Attribute) else None


def registry(t):
    reg_pkg = f'{t.pkg}.providers.registry'
    reg_dir = os.path.join(t.src, *reg_pkg.split('.'))
    providers, unsampled = {}, []
    for fname in sorted(os.listdir(reg_dir)):
        if not fname.endswith('.py') or fname == '__init__.py':
            continue
        api = fname[:-3]
        tree = t.module(f'{reg_pkg}.{api}')
        fn = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == 'available_providers'), None)
        entries = []
        for call in ast.walk(fn) if fn else []:
            if not (isinstance(call, ast.Call) and call_name(call) in ('InlineProviderSpec', 'RemoteProviderSpec')):
                continue
            kw = {k.arg: k.value for k in call.keywords}
            ptype = const(kw.get('provider_type')) if 'provider_type' in kw else None
            if ptype is None and 'adapter_type' in kw:
                ptype = 'remote::' + const(kw['adapter_type'])
            config_class = const(kw['config_class']) if 'config_class' in kw else None
            entry = {
                'api': api_name(kw['api']) if 'api' in kw else api,
                'provider_type': ptype,
                'config_class': config_class,
                'deprecation_warning': const(kw['deprecation_warning']) if 'deprecation_warning' in kw else None,
                'deprecation_error': const(kw['deprecation_error']) if 'deprecation_error' in kw else None,
                'execution_mode': const(kw['execution_mode']) if 'execution_mode' in kw else None,
                'api_dependencies': [api_name(e) for e in kw['api_dependencies'].elts] if 'api_dependencies' in kw else [],
                'optional_api_dependencies': [api_name(e) for e in kw['optional_api_dependencies'].elts] if 'optional_api_dependencies' in kw else [],
                'fields': {},
                'model_config_extra': None,
                'sample_run_config': None,
            }
            if config_class:
                cmodule, cname = config_class.rsplit('.', 1)
                mod, cls = find_class(t, cmodule, cname)
                if cls is not None:
                    entry['fields'], entry['model_config_extra'] = config_fields(t, mod, cls)
                    try:
                        entry['sample_run_config'] = sample_of(t, mod, cls)
                    except Unknown as e:
                        unsampled.append(f'{api}/{ptype}: {e}')
            entries.append(entry)
        providers[api] = entries
    return providers, unsampled


# ---------------------------------------------------------------------------------------------
# startup.json rules


def class_fields(t, module, name):
    mod, cls = find_class(t, module, name)
    return list(config_fields(t, mod, cls)[0].keys()) if cls else []


def derive_rules(t, providers):
    core = f'{t.pkg}.core'
    api_module = f'{t.api_pkg}.datatypes' if t.api_pkg else f'{t.pkg}.apis.datatypes'
    all_apis = enum_values(t, api_module, 'Api')
    dist = t.module(f'{core}.distribution')
    routed = {}
    internal = []
    for node in ast.walk(dist):
        if isinstance(node, ast.Call) and call_name(node) == 'AutoRoutedApiInfo':
            kw = {k.arg: api_name(k.value) for k in node.keywords}
            routed[kw['routing_table_api']] = kw['router_api']
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) and node.targets[0].id == 'INTERNAL_APIS':
            internal = sorted(api_name(e) for e in node.value.elts)
    stack = t.module(f'{core}.stack')
    implemented = set()
    for fn in stack.body:
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and fn.name == 'add_internal_implementations':
            implemented = {api_name(n) for n in ast.walk(fn) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == 'Api'}
    router = sorted(set(routed.values()))
    plain = sorted(a for a in providers if a not in router)
    apis = {'router': router, 'routingTables': dict(sorted(routed.items())), 'plain': plain, 'internal': internal}
    unimplemented = sorted(a for a in internal if a not in implemented)
    if unimplemented:
        apis['unimplemented'] = unimplemented
    unknown = sorted(a for a in all_apis if a not in router + plain + internal + list(routed))
    datatypes = f'{core}.datatypes'
    top = class_fields(t, datatypes, 'StackConfig')
    run_py = t.read(os.path.join(*f'{t.pkg}.cli.stack.run'.split('.')) + '.py')
    server_py = t.read(os.path.join(*f'{t.pkg}.core.server.server'.split('.')) + '.py')
    # create_app reads the raw `logging_config` key, unless the CLI hands it a re-dumped config (1.2+).
    if 'logging_config' in server_py and 'mkstemp' not in run_py:
        top.append('logging_config')
    server = sorted(class_fields(t, datatypes, 'ServerConfig'))
    rules = {
        'apis': apis,
        'keys': {'top': sorted(top), 'server': server, 'registeredResources': sorted(class_fields(t, datatypes, 'RegisteredResources'))},
        'authTypes': sorted(enum_values(t, datatypes, 'AuthProviderType')),
    }
    stores = store_rules(t)
    if stores:
        rules['stores'] = stores
    if 'insecure' in server:
        rules['strictTls'] = True
    if 'tenancy' in server:
        rules['tenancy'] = True
    overrides = {}
    if 'OGX_WORKERS' in run_py:
        overrides['workers'] = 'OGX_WORKERS'
    telemetry = t.path_of(f'{t.pkg}.telemetry')
    if telemetry and 'OGX_METRICS_PORT' in open(telemetry, encoding='utf-8').read():
        overrides['metricsPort'] = 'OGX_METRICS_PORT'
        overrides['metricsEnabled'] = 'OGX_METRICS_ENDPOINT_ENABLED'
    if overrides:
        rules['envOverrides'] = overrides
    worker = {}
    for api, entries in providers.items():
        types = sorted(e['provider_type'] for e in entries if e.get('execution_mode') == 'worker')
        if types:
            worker[api] = types
    if worker:
        rules['workerModeProviders'] = worker
    network = network_rules(t)
    if network:
        rules['networkConfig'] = network
    rules.update(auth_request_rules(t))
    connector_types = enum_values(t, f'{t.api_pkg}.connectors.models', 'ConnectorType') if t.api_pkg else []
    if connector_types and 'connectors' in top:
        rules['connectorTypes'] = connector_types
    return rules, unknown


def auth_request_rules(t):
    """What the auth providers do per request (core/server/auth_providers.py): whether token
    introspection reads `verify_tls` (OGX 1.0+: then it verifies with the system store when there
    is no `tls_cafile`; before, it verified only with `tls_cafile`), and whether github_token
    fetches `/user/orgs` (OGX 1.0+: `organizations` filled; before, always empty)."""
    tree = t.module(f'{t.pkg}.core.server.auth_providers')
    out = {}
    if tree is None:
        return out
    fn = next((n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == 'introspect_token'), None)
    if fn is not None and any(isinstance(n, ast.Attribute) and n.attr == 'verify_tls' for n in ast.walk(fn)):
        out['introspectionVerifyTls'] = True
    if any(isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value == '/user/orgs' for n in ast.walk(tree)) or \
            any(isinstance(n, ast.JoinedStr) and '/user/orgs' in ast.unparse(n) for n in ast.walk(tree)):
        out['githubOrganizations'] = True
    return out


# The parts of a remote inference provider's `network`, by the field of NetworkConfig that holds them.
NETWORK_PARTS = (('tls', 'TLSConfig'), ('proxy', 'ProxyConfig'), ('timeout', 'TimeoutConfig'), ('limits', 'LimitsConfig'))


def network_rules(t):
    base = f'{t.pkg}.providers.utils.inference'
    for module in (f'{base}.network_config', f'{base}.model_registry'):
        if find_class(t, module, 'NetworkConfig')[1] is None:
            continue
        fields = sorted(class_fields(t, module, 'NetworkConfig'))
        parts = {'network': fields}
        for field, name in NETWORK_PARTS:
            if field in fields:
                parts[field] = sorted(class_fields(t, module, name))
        return parts
    return None


def store_rules(t):
    mod, cls = find_class(t, f'{t.pkg}.core.storage.datatypes', 'ServerStoresConfig')
    if cls is None:
        return None
    migrates = set()
    for fn in cls.body:
        if isinstance(fn, ast.FunctionDef) and 'migrate' in fn.name:
            for n in ast.walk(fn):
                if isinstance(n, ast.Tuple) and all(isinstance(e, ast.Constant) for e in n.elts):
                    migrates.update(e.value for e in n.elts)
    out = {}
    for stmt in cls.body:
        if not (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)):
            continue
        ann = ast.unparse(stmt.annotation)
        family = 'kv' if 'KVStoreReference' in ann else 'sql'
        default = None
        if isinstance(stmt.value, ast.Call):
            kw = {k.arg: k.value for k in stmt.value.keywords}
            d = kw.get('default')
            if isinstance(d, ast.Call):
                dkw = {k.arg: const(k.value) for k in d.keywords}
                default = dkw.get('backend')
        name = stmt.target.id
        rule = {'family': family, 'default': default,
                'nullable': True if default is None else ('withoutInference' if name == 'inference' else False)}
        if name in migrates:
            rule['migratesFromKv'] = True
        # The reference class's fields and their types (queue tuning of the inference and
        # responses stores): what the release reads of the store's mapping.
        ref = next((n.id for n in ast.walk(stmt.annotation) if isinstance(n, ast.Name) and n.id.endswith('Reference')), None)
        if ref is not None:
            rmod, rcls = find_class(t, mod, ref)
            if rcls is not None:
                rule['fields'] = {k: f['type'] for k, f in sorted(config_fields(t, rmod, rcls)[0].items())}
        out[name] = rule
    return out


# ---------------------------------------------------------------------------------------------
# Distributions


FILES_FIX = ('# Copied from upstream {id} with one fix: upstream omits the `files` API, which\n'
             '# inline::file-search (and builtin responses) require, so the server refuses to start.\n')


def needs_files_fix(text):
    return 'provider_type: inline::file-search' in text and not re.search(r'^  files:\n', text, re.M)


def fix_files(text, target_id, distro, data_dir):
    text = text.replace('apis:\n', 'apis:\n- files\n', 1)
    files = ('providers:\n  files:\n  - provider_id: builtin-files\n    provider_type: inline::localfs\n    config:\n'
             f'      storage_dir: ${{env.FILES_STORAGE_DIR:={data_dir}/distributions/{distro}/files}}\n'
             '      metadata_store:\n        table_name: files_metadata\n        backend: sql_default\n')
    text = text.replace('providers:\n', files, 1)
    return FILES_FIX.format(id=target_id) + text


def distributions(t, target_id):
    base = os.path.join(t.src, t.pkg, 'distributions')
    data_dir = '~/.ogx' if t.pkg == 'ogx' else '~/.llama'
    out = {}
    for distro in sorted(os.listdir(base)):
        d = os.path.join(base, distro)
        if not os.path.isdir(d):
            continue
        for f in sorted(os.listdir(d)):
            if not f.endswith('.yaml') or f == 'build.yaml':
                continue
            with open(os.path.join(d, f), encoding='utf-8') as fh:
                text = fh.read()
            out[f'{distro}/{f}'] = fix_files(text, target_id, distro, data_dir) if needs_files_fix(text) else text
    return out


# ---------------------------------------------------------------------------------------------
# The image (target.json pod facts), when the tree has containers/ and .github/


def pod_facts(src_root):
    """uid, HOME, the tiktoken cache, whether the entrypoint passes --insecure, and the
    distributions the release workflow builds images of. None without a Containerfile."""
    containerfile = os.path.join(src_root, 'containers', 'Containerfile')
    if not os.path.isfile(containerfile):
        return None
    text = open(containerfile, encoding='utf-8').read()
    user = re.findall(r'^USER\s+(\S+)', text, re.M)
    home = re.findall(r'^ENV\s+HOME=(\S+)', text, re.M)
    tiktoken = re.findall(r'^ENV\s+TIKTOKEN_CACHE_DIR="?([^"\s]+)"?', text, re.M)
    facts = {
        'runAsUser': int(user[-1]) if user and user[-1].isdigit() else 0,
        'home': home[-1] if home else '/root',
        'entrypointInsecure': bool(re.search(r'stack run --insecure', text)),
    }
    if tiktoken:
        facts['tiktokenCacheDir'] = tiktoken[-1]
    workflow = os.path.join(src_root, '.github', 'workflows', 'pypi.yml')
    if os.path.isfile(workflow):
        facts['imageDistributions'] = sorted(set(re.findall(r'^\s*- distro:\s*(\S+)', open(workflow, encoding='utf-8').read(), re.M)))
    return facts


# ---------------------------------------------------------------------------------------------
# Check and write


def structure(providers):
    """The parts of a registry both the import-based and the static reading agree on."""
    out = {}
    for api, entries in providers.items():
        for e in entries:
            out[f"{api}/{e['provider_type']}"] = {
                'config_class': e.get('config_class'),
                'api_dependencies': e.get('api_dependencies') or [],
                'optional_api_dependencies': e.get('optional_api_dependencies') or [],
                'deprecation_warning': e.get('deprecation_warning'),
                'deprecation_error': e.get('deprecation_error'),
                'model_config_extra': e.get('model_config_extra'),
                'fields': {k: {'required': f['required'], 'alias': f['alias']} for k, f in (e.get('fields') or {}).items()},
            }
    return out


def diff(label, want, got, problems):
    if want == got:
        return
    if isinstance(want, dict) and isinstance(got, dict):
        for k in sorted(set(want) | set(got)):
            diff(f'{label}.{k}', want.get(k, '<absent>'), got.get(k, '<absent>'), problems)
        return
    problems.append(f'{label}: committed {json.dumps(want)} vs derived {json.dumps(got)}')


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--src', required=True, help='root of the release source (holds src/ogx or src/llama_stack)')
    ap.add_argument('--release', required=True, help='e.g. 1.3.0')
    ap.add_argument('--id', required=True, help='target id, e.g. ogx-1.3')
    ap.add_argument('--base-target', help='target whose non-derivable startup.json rules a new target starts from')
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument('--check', action='store_true')
    mode.add_argument('--write', action='store_true')
    args = ap.parse_args()

    t = Tree(args.src)
    out_dir = os.path.join(ROOT, 'data', 'targets', args.id)
    providers, unsampled = registry(t)
    rules, unknown_apis = derive_rules(t, providers)
    dists = distributions(t, args.id)
    for api in unknown_apis:
        print(f'note: API {api} is in the Api enum but neither routed, providable nor internal', file=sys.stderr)
    for u in unsampled:
        print(f'note: sample_run_config not derived statically for {u}', file=sys.stderr)

    if args.check:
        problems = []
        for rel, text in dists.items():
            p = os.path.join(out_dir, 'distributions', rel)
            if not os.path.isfile(p) or open(p, encoding='utf-8').read() != text:
                problems.append(f'distributions/{rel} differs')
        for rel in sorted(os.listdir(os.path.join(out_dir, 'distributions'))):
            for f in os.listdir(os.path.join(out_dir, 'distributions', rel)):
                if f'{rel}/{f}' not in dists:
                    problems.append(f'distributions/{rel}/{f} is not in the release')
        committed = json.load(open(os.path.join(out_dir, 'provider-registry.json'), encoding='utf-8'))['providers']
        diff('provider-registry', structure(committed), structure(providers), problems)
        samples = []
        for api, entries in committed.items():
            for e in entries:
                mine = next((p for p in providers.get(api, []) if p['provider_type'] == e['provider_type']), None)
                if mine is not None and mine['sample_run_config'] is not None:
                    diff(f"sample {api}/{e['provider_type']}", e.get('sample_run_config'), mine['sample_run_config'], samples)
        for line in samples:
            print(f'note: {line}', file=sys.stderr)
        startup = json.load(open(os.path.join(out_dir, 'startup.json'), encoding='utf-8'))
        for key, value in rules.items():
            want = startup.get(key)
            if key in ('stores', 'networkConfig') and want is not None:
                want = {k: v for k, v in want.items() if not k.startswith('_')}
            if key == 'stores' and want is None:
                continue
            diff(f'startup.{key}', want, value, problems)
        pod = pod_facts(args.src)
        if pod is None:
            print('note: no containers/Containerfile in --src: pod facts not checked', file=sys.stderr)
        else:
            target = json.load(open(os.path.join(out_dir, 'target.json'), encoding='utf-8'))
            committed_pod = dict(target.get('pod', {}))
            committed_pod.pop('fsGroup', None)  # the operator's choice, not the image's
            release = (target.get('releases') or {}).get(args.release)
            if isinstance(release, dict):
                committed_pod['entrypointInsecure'] = release.get('entrypointInsecure')
            derived = dict(pod)
            if 'imageDistributions' in derived:
                # Only the distributions whose configs the target ships.
                shipped = set(os.listdir(os.path.join(out_dir, 'distributions')))
                derived['imageDistributions'] = [d for d in derived['imageDistributions'] if d in shipped]
            diff('target.pod', committed_pod, derived, problems)
        for p in problems:
            print(p)
        print(f'{args.id}: {"OK" if not problems else f"{len(problems)} difference(s)"} '
              f'({len(dists)} distribution files, {sum(len(v) for v in providers.values())} providers)')
        sys.exit(1 if problems else 0)

    os.makedirs(out_dir, exist_ok=True)
    for rel, text in dists.items():
        p = os.path.join(out_dir, 'distributions', rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, 'w', encoding='utf-8') as f:
            f.write(text)
    source = (f'Derived statically (scripts/target-data.py) from the source tree of release {args.release}: '
              'provider specs of providers/registry/*.py, config class fields as written (types are the source annotations), '
              'sample_run_config evaluated where its body is literal.')
    with open(os.path.join(out_dir, 'provider-registry.json'), 'w', encoding='utf-8') as f:
        json.dump({'_source': source, 'providers': providers}, f, indent=2)
        f.write('\n')
    startup = {}
    if args.base_target:
        startup = json.load(open(os.path.join(ROOT, 'data', 'targets', args.base_target, 'startup.json'), encoding='utf-8'))
    startup['_source'] = f'What {args.release} checks when it starts with a config; derived rules by scripts/target-data.py, the others from {args.base_target}. See src/releases/startup/README.md.'
    startup.update(rules)
    with open(os.path.join(out_dir, 'startup.json'), 'w', encoding='utf-8') as f:
        json.dump(startup, f, indent=2)
        f.write('\n')
    pod = pod_facts(args.src)
    if pod is not None:
        print('pod facts for target.json (pod, and releases.<version>.entrypointInsecure):')
        print(json.dumps(pod, indent=2))
    print(f'wrote {out_dir}: {len(dists)} distribution files, {sum(len(v) for v in providers.values())} providers')


if __name__ == '__main__':
    main()
