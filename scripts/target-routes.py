#!/usr/bin/env python3
"""
Writes a server target's route table (data/targets/<id>/routes.json) from a release's source tree,
statically: nothing of the release is imported (Python's `ast` reads the files). Python 3.9+
standard library only.

How the release serves HTTP (the same at every tag this project targets, llama-stack 0.7.x to OGX
1.3.x): `core/server/fastapi_router_registry.py` imports `<pkg>_api/<api>/fastapi_routes.py`
for each API and calls its `create_router(impl)`, and `core/server/server.py` adds each router
to the app with `app.include_router(router)`, no prefix of its own. So a route's path is

    the APIRouter's `prefix=` (plus the prefix of a router it is included into)
    + the path given to `@<router>.get/post/put/patch/delete(...)`

with the version constants (`OGX_API_V1 = "v1"`, ...) read from `<pkg>_api/version.py`. A
route is `public` when its decorator passes `openapi_extra={PUBLIC_ROUTE_KEY: True}` (the auth
middleware lets it through without a token), `deprecated` when it passes `deprecated=True`.

Usage (the source is a clone of the release's tag; paths are relative to the repository root):

    git --git-dir=<mirror of opendatahub-io/ogx> archive v1.3.0 src | tar -x -C ../ogx-1.3.0
    python3 scripts/target-routes.py --src ../ogx-1.3.0 --release 1.3.0 --id ogx-1.3 --write

Check mode compares the committed table with a tree (e.g. another patch release of the same
line) and exits 1 when they differ, listing the routes added and removed:

    python3 scripts/target-routes.py --src ../ogx-1.2.0 --release 1.2.0 --id ogx-1.2 --check

The tables committed were written from v0.7.3 (llama-stack-0.7), v0.8.0, v1.1.3, v1.2.2 and
v1.3.0 (the targets' image tags); docs/verify.md lists what the verification script calls.
"""
import argparse
import ast
import glob
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
METHODS = ("get", "post", "put", "patch", "delete")


def api_package(src):
    """The release's API package directory (`src/ogx_api` or `src/llama_stack_api`)."""
    for name in ("ogx_api", "llama_stack_api"):
        path = os.path.join(src, "src", name)
        if os.path.isdir(path):
            return path
    sys.exit(f"no src/ogx_api or src/llama_stack_api under {src}: pass a clone of a release tag")


def module_constants(path):
    """Module-level `NAME = "string"` assignments of a file."""
    out = {}
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    out[target.id] = node.value.value
    return out


def string_of(node, names, where):
    """A str literal, an f-string over known names, or a known name; else exit with where it is."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name) and node.id in names:
        return names[node.id]
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(value.value)
            elif isinstance(value, ast.FormattedValue):
                parts.append(string_of(value.value, names, where))
            else:
                sys.exit(f"{where}: cannot read {ast.dump(value)}")
        return "".join(parts)
    sys.exit(f"{where}: cannot read {ast.dump(node)} statically")


def keyword(call, name):
    for kw in call.keywords:
        if kw.arg == name:
            return kw.value
    return None


def is_public(call):
    extra = keyword(call, "openapi_extra")
    if not isinstance(extra, ast.Dict):
        return False
    for key, value in zip(extra.keys, extra.values):
        named = isinstance(key, ast.Name) and key.id == "PUBLIC_ROUTE_KEY"
        literal = isinstance(key, ast.Constant) and key.value == "x-public"
        if (named or literal) and isinstance(value, ast.Constant) and value.value is True:
            return True
    return False


def routes_of(path, names, api):
    """The routes `create_router` in one fastapi_routes.py declares."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    factory = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "create_router"), None)
    if factory is None:
        return []
    where = os.path.relpath(path)
    prefixes = {}  # router variable -> its own prefix
    parents = {}  # router variable -> the router it is included into
    declared = []  # (router variable, method, path, public, deprecated)
    for node in ast.walk(factory):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            func = node.value.func
            if isinstance(func, ast.Name) and func.id == "APIRouter":
                prefix = keyword(node.value, "prefix")
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        prefixes[target.id] = string_of(prefix, names, where) if prefix is not None else ""
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "include_router":
            if isinstance(node.func.value, ast.Name) and node.args and isinstance(node.args[0], ast.Name):
                if keyword(node, "prefix") is not None:
                    sys.exit(f"{where}: include_router(prefix=...) is not read by this script")
                parents[node.args[0].id] = node.func.value.id
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for dec in node.decorator_list:
                if not (isinstance(dec, ast.Call) and isinstance(dec.func, ast.Attribute) and dec.func.attr in METHODS):
                    continue
                if not isinstance(dec.func.value, ast.Name):
                    continue
                target = dec.args[0] if dec.args else keyword(dec, "path")
                deprecated = keyword(dec, "deprecated")
                declared.append((
                    dec.func.value.id,
                    dec.func.attr.upper(),
                    string_of(target, names, where),
                    is_public(dec),
                    isinstance(deprecated, ast.Constant) and deprecated.value is True,
                ))

    def full_prefix(var):
        if var not in prefixes:
            sys.exit(f"{where}: routes on {var}, which is no APIRouter of create_router")
        return (full_prefix(parents[var]) if var in parents else "") + prefixes[var]

    out = []
    for var, method, sub, public, deprecated in declared:
        route = {"method": method, "path": full_prefix(var) + sub, "api": api}
        if public:
            route["public"] = True
        if deprecated:
            route["deprecated"] = True
        out.append(route)
    return out


def table(src, release):
    package = api_package(src)
    names = module_constants(os.path.join(package, "version.py"))
    names["PUBLIC_ROUTE_KEY"] = "x-public"
    routes = []
    for path in sorted(glob.glob(os.path.join(package, "*", "fastapi_routes.py"))):
        api = os.path.basename(os.path.dirname(path))
        api = {"inspect_api": "inspect"}.get(api, api)
        routes.extend(routes_of(path, names, api))
    routes.sort(key=lambda r: (r["path"], r["method"]))
    seen = set()
    for r in routes:
        key = (r["method"], r["path"])
        if key in seen:
            sys.exit(f"{r['method']} {r['path']} is declared twice")
        seen.add(key)
    return {
        "_source": (
            f"scripts/target-routes.py from the source of release {release} "
            f"(src/{os.path.basename(package)}/*/fastapi_routes.py: each create_router's APIRouter prefix "
            "plus its @router.<method>(path) decorators; the server includes every router without a prefix)"
        ),
        "release": release,
        "routes": routes,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", required=True, help="a clone (or git archive) of the release's tag")
    parser.add_argument("--release", required=True, help="the release, e.g. 1.3.0")
    parser.add_argument("--id", required=True, help="the target id, e.g. ogx-1.3")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true", help="write data/targets/<id>/routes.json")
    mode.add_argument("--check", action="store_true", help="compare the committed routes.json with the tree")
    args = parser.parse_args()

    out = os.path.join(ROOT, "data", "targets", args.id, "routes.json")
    fresh = table(args.src, args.release)
    if args.write:
        with open(out, "w", encoding="utf-8") as f:
            f.write(json.dumps(fresh, indent=2) + "\n")
        print(f"wrote {os.path.relpath(out)}: {len(fresh['routes'])} routes")
        return
    with open(out, encoding="utf-8") as f:
        committed = json.load(f)
    key = lambda r: (r["method"], r["path"])  # noqa: E731
    before = {key(r): r for r in committed["routes"]}
    after = {key(r): r for r in fresh["routes"]}
    added = sorted(set(after) - set(before))
    removed = sorted(set(before) - set(after))
    changed = sorted(k for k in set(before) & set(after) if before[k] != after[k])
    for m, p in added:
        print(f"+ {m} {p} (in {args.release}, not in the table of {committed['release']})")
    for m, p in removed:
        print(f"- {m} {p} (in the table of {committed['release']}, not in {args.release})")
    for m, p in changed:
        print(f"~ {m} {p}: {json.dumps(before[(m, p)])} -> {json.dumps(after[(m, p)])}")
    if added or removed or changed:
        sys.exit(1)
    print(f"{args.id}: the routes of {args.release} are the table's ({len(after)} routes)")


if __name__ == "__main__":
    main()
