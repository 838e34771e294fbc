"""
Reading a release's source tree statically (Python's `ast`): modules, classes, config fields and
the literal values of samples, for scripts/target-data.py. Standard library only.
"""
import ast
import os
import re

# ---------------------------------------------------------------------------------------------
# Reading the source tree


class Tree:
    """The release's `src/` with a parsed-module cache."""

    def __init__(self, src_root):
        self.src = os.path.join(src_root, 'src') if os.path.isdir(os.path.join(src_root, 'src')) else src_root
        self.pkg = 'ogx' if os.path.isdir(os.path.join(self.src, 'ogx')) else 'llama_stack'
        self.api_pkg = 'ogx_api' if os.path.isdir(os.path.join(self.src, 'ogx_api')) else (
            'llama_stack_api' if os.path.isdir(os.path.join(self.src, 'llama_stack_api')) else None)
        self.cache = {}

    def path_of(self, module):
        base = os.path.join(self.src, *module.split('.'))
        for p in (base + '.py', os.path.join(base, '__init__.py')):
            if os.path.isfile(p):
                return p
        return None

    def module(self, module):
        if module in self.cache:
            return self.cache[module]
        path = self.path_of(module)
        tree = None
        if path:
            with open(path, encoding='utf-8') as f:
                text = f.read()
            try:
                tree = ast.parse(text)
            except SyntaxError:
                # PEP 695 syntax on an older Python: drop the type-parameter lists.
                text = re.sub(r'^(\s*)type (\w+)\s*=', r'\1\2 =', text, flags=re.M)
                text = re.sub(r'^(\s*(?:async )?def \w+|\s*class \w+)\[[^\]]*\]', r'\1', text, flags=re.M)
                tree = ast.parse(text)
        self.cache[module] = tree
        return tree

    def read(self, rel):
        with open(os.path.join(self.src, rel), encoding='utf-8') as f:
            return f.read()


def classes(tree):
    return {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)} if tree else {}


def imports(tree, module, is_package=False):
    """Name -> the module it comes from (relative imports resolved; a package's own
    `from .x import` is relative to the package itself)."""
    out = {}
    for n in tree.body if tree else []:
        if isinstance(n, ast.ImportFrom):
            base = n.module or ''
            if n.level:
                parts = module.split('.') + ([''] if is_package else [])
                base = '.'.join(parts[:len(parts) - n.level] + ([n.module] if n.module else []))
            for a in n.names:
                out[a.asname or a.name] = (base, a.name)
    return out


def find_class(t, module, name, seen=None):
    """The ClassDef `name` as seen from `module` (following imports and re-exports)."""
    seen = seen or set()
    if (module, name) in seen:
        return None, None
    seen.add((module, name))
    tree = t.module(module)
    if tree is None:
        return None, None
    cls = classes(tree).get(name)
    if cls is not None:
        return module, cls
    path = t.path_of(module)
    imp = imports(tree, module, path is not None and path.endswith('__init__.py')).get(name)
    if imp:
        return find_class(t, imp[0], imp[1], seen)
    return None, None


def const(node):
    try:
        return ast.literal_eval(node)
    except Exception:
        return None


def call_name(node):
    f = node.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None


# ---------------------------------------------------------------------------------------------
# Config classes


NOT_A_FIELD = ('model_config',)


def field_info(stmt):
    """(name, info) of an annotated class attribute, or None."""
    if not isinstance(stmt, ast.AnnAssign) or not isinstance(stmt.target, ast.Name):
        return None
    name = stmt.target.id
    if name in NOT_A_FIELD or name.startswith('_'):
        return None
    ann = ast.unparse(stmt.annotation)
    if ann.startswith('ClassVar'):
        return None
    required, default, alias = stmt.value is None, None, None
    if stmt.value is not None:
        v = stmt.value
        if isinstance(v, ast.Call) and call_name(v) == 'Field':
            kw = {k.arg: k.value for k in v.keywords}
            has_default = 'default' in kw or 'default_factory' in kw or (v.args and not (isinstance(v.args[0], ast.Constant) and v.args[0].value is Ellipsis))
            required = not has_default
            if 'default' in kw:
                default = const(kw['default'])
            elif v.args:
                default = const(v.args[0])
            if 'alias' in kw:
                alias = const(kw['alias'])
        else:
            default = const(v)
    return name, {'type': ann, 'required': required, 'default': default, 'alias': alias}


def config_fields(t, module, cls, depth=0):
    """Fields of a pydantic config class, bases first (as pydantic orders them), and its `extra`."""
    fields, extra = {}, None
    if depth > 10:
        return fields, extra
    for k in cls.keywords:
        if k.arg == 'extra':
            extra = const(k.value)
    for b in cls.bases:
        bname = b.attr if isinstance(b, ast.Attribute) else b.id if isinstance(b, ast.Name) else None
        if bname in (None, 'BaseModel', 'Generic', 'object'):
            continue
        bmod, bcls = find_class(t, module, bname)
        if bcls is not None:
            f, e = config_fields(t, bmod, bcls, depth + 1)
            fields.update(f)
            extra = e if e is not None else extra
    for stmt in cls.body:
        fi = field_info(stmt)
        if fi:
            v = stmt.value
            if isinstance(v, ast.Call) and call_name(v) == 'Field':
                v = next((k.value for k in v.keywords if k.arg == 'default'), None)
            if fi[1]['default'] is None and isinstance(v, ast.Attribute) and isinstance(v.value, ast.Name):
                # An enum member as the default: its value.
                fi[1]['default'] = enum_member(t, module, v.value.id, v.attr)
            fields[fi[0]] = fi[1]
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            target = stmt.targets[0] if isinstance(stmt, ast.Assign) else stmt.target
            if isinstance(target, ast.Name) and target.id == 'model_config' and isinstance(stmt.value, ast.Call):
                for k in stmt.value.keywords:
                    if k.arg == 'extra':
                        extra = const(k.value)
    return fields, extra


class Unknown(Exception):
    pass


def evaluate(t, module, node, env):
    """A small evaluator for `sample_run_config` bodies: literals, f-strings, dicts, lists, and
    the calls the registries use. Anything else raises Unknown."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        if node.id in env:
            return env[node.id]
        return module_constant(t, module, node.id)
    if isinstance(node, ast.JoinedStr):
        out = ''
        for v in node.values:
            out += str(evaluate(t, module, v.value, env)) if isinstance(v, ast.FormattedValue) else v.value
        return out
    if isinstance(node, ast.Dict):
        out = {}
        for k, v in zip(node.keys, node.values):
            if k is None:
                out.update(evaluate(t, module, v, env))
            else:
                out[evaluate(t, module, k, env)] = evaluate(t, module, v, env)
        return out
    if isinstance(node, (ast.List, ast.Tuple)):
        return [evaluate(t, module, e, env) for e in node.elts]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return evaluate(t, module, node.left, env) + evaluate(t, module, node.right, env)
    if isinstance(node, ast.Call):
        name = call_name(node)
        kwargs = {k.arg: evaluate(t, module, k.value, env) for k in node.keywords if k.arg}
        if name in ('model_dump',) and isinstance(node.func, ast.Attribute):
            inner = evaluate(t, module, node.func.value, env)
            return {k: v for k, v in inner.items() if v is not None}
        if name == 'sample_run_config' and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name):
            cmod, ccls = find_class(t, module, node.func.value.id)
            if ccls is None:
                raise Unknown(node.func.value.id)
            args = [evaluate(t, module, a, env) for a in node.args]
            return sample_of(t, cmod, ccls, args, kwargs)
        if isinstance(node.func, ast.Name):
            # A pydantic model built from keywords: its literal defaults, then the keywords.
            cmod, ccls = find_class(t, module, node.func.id)
            if ccls is not None:
                fields, _ = config_fields(t, cmod, ccls)
                out = {k: f['default'] for k, f in fields.items() if not f['required'] and f['default'] is not None}
                out.update(kwargs)
                return out
        if name == 'str' and len(node.args) == 1:
            return str(evaluate(t, module, node.args[0], env))
        raise Unknown(ast.unparse(node))
    raise Unknown(ast.unparse(node))


def module_constant(t, module, name, depth=0):
    """A module-level `NAME = <literal>` (followed through imports)."""
    tree = t.module(module)
    for n in tree.body if tree else []:
        if isinstance(n, ast.Assign) and any(isinstance(x, ast.Name) and x.id == name for x in n.targets):
            v = const(n.value)
            if v is not None:
                return v
    path = t.path_of(module)
    imp = imports(tree, module, path is not None and path.endswith('__init__.py')).get(name)
    if imp and depth < 5:
        return module_constant(t, imp[0], imp[1], depth + 1)
    raise Unknown(name)


def sample_of(t, module, cls, args=(), kwargs=None):
    kwargs = dict(kwargs or {})
    distro_dir = f"~/.{'ogx' if t.pkg == 'ogx' else 'llama'}/distributions/<distro>"
    fn = next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == 'sample_run_config'), None)
    if fn is None:
        for b in cls.bases:
            bname = b.id if isinstance(b, ast.Name) else None
            bmod, bcls = find_class(t, module, bname) if bname else (None, None)
            if bcls is not None:
                return sample_of(t, bmod, bcls, args, kwargs)
        return {}
    params = [a.arg for a in fn.args.args][1:]
    defaults = fn.args.defaults
    env = {}
    for i, p in enumerate(params):
        d = defaults[i - (len(params) - len(defaults))] if i >= len(params) - len(defaults) else None
        env[p] = const(d) if d is not None else None
    for i, a in enumerate(args):
        env[params[i]] = a
    env.update(kwargs)
    if '__distro_dir__' in env and env['__distro_dir__'] in (None, ''):
        env['__distro_dir__'] = distro_dir
    for p in [a.arg for a in fn.args.kwonlyargs]:
        env.setdefault(p, None)
    for stmt in fn.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            env[stmt.targets[0].id] = evaluate(t, module, stmt.value, env)
        elif isinstance(stmt, ast.Return):
            return evaluate(t, module, stmt.value, env)
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
            continue
        else:
            raise Unknown(ast.unparse(stmt)[:60])
    raise Unknown('no return')


def enum_member(t, module, enum, member):
    mod, cls = find_class(t, module, enum)
    for s in cls.body if cls else []:
        if isinstance(s, ast.Assign) and isinstance(s.targets[0], ast.Name) and s.targets[0].id == member:
            return const(s.value)
    return None
