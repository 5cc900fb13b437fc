"""
Rewrites schemas from zod's classic API (`import * as z from 'zod'`, method chains) to zod/mini's
functional API in place: `python3 scripts/codemods/zod-mini.py <files>`, then `npx biome check --write
<files>` and `npm run typecheck` (docs/decisions.md D42, "How to write a schema now").

It reads chains that start at `z.` or at a name followed by a schema method (`.optional()`,
`.default()`, `.refine()` ...), so it also rewrites a non-zod value's `.transform(...)`, `.pick(...)`
or `.array()`: read the diff. `.min`/`.max` become `z.gte`/`z.lte` when the chain starts at a number
schema it can see (`z.number()`, `z.int()`, `z.coerce.number()`, a constant made of one) and
`z.minLength`/`z.maxLength` otherwise; the typecheck finds a number schema it took for a string. Left to
do by hand: `ctx.addIssue` inside a transform (`ctx.issues.push({ code: 'custom', message, input })`),
`.unwrap()` (written `.def.innerType`), and any `z.core.X` used as a value.
"""
import re, sys

WRAP = {'optional','nullable','nullish','default','array','partial','extend','pick','omit','transform','pipe','catch','unwrap'}
CHECK = {'min','max','length','trim','toLowerCase','toUpperCase','regex','refine','superRefine','int','datetime','positive','nonnegative','startsWith','endsWith'}
METHODS = WRAP | CHECK
STRINGISH = {'trim','toLowerCase','toUpperCase','startsWith','endsWith','regex','length','min','max'}
NOT_SCHEMA = {'Math','Number','String','Object','Array','JSON','Date','console','this','super'}

ident_re = re.compile(r'[A-Za-z_$][A-Za-z0-9_$]*')

def skip_string(s, i):
    q = s[i]; i += 1
    while i < len(s):
        c = s[i]
        if c == '\\': i += 2; continue
        if q == '`' and c == '$' and i+1 < len(s) and s[i+1] == '{':
            j = match_brace(s, i+1, '{', '}')
            i = j + 1; continue
        if c == q: return i + 1
        i += 1
    return i

def skip_comment(s, i):
    if s.startswith('//', i):
        j = s.find('\n', i); return len(s) if j < 0 else j
    if s.startswith('/*', i):
        j = s.find('*/', i); return len(s) if j < 0 else j + 2
    return i

def is_regex_start(s, i):
    # a '/' starts a regex if previous non-space char is one of these
    j = i - 1
    while j >= 0 and s[j] in ' \t\n': j -= 1
    return j < 0 or s[j] in '(,=:[!&|?{};+-*%<>~^'

def skip_regex(s, i):
    i += 1; cls = False
    while i < len(s):
        c = s[i]
        if c == '\\': i += 2; continue
        if c == '[': cls = True
        elif c == ']': cls = False
        elif c == '/' and not cls:
            i += 1
            while i < len(s) and s[i].isalpha(): i += 1
            return i
        i += 1
    return i

def match_brace(s, i, o, c):
    # s[i] == o; return index of matching c
    depth = 0
    while i < len(s):
        ch = s[i]
        if ch in '\'"`': i = skip_string(s, i); continue
        if s.startswith('//', i) or s.startswith('/*', i): i = skip_comment(s, i); continue
        if ch == '/' and is_regex_start(s, i): i = skip_regex(s, i); continue
        if ch in '([{': depth += 1
        elif ch in ')]}':
            depth -= 1
            if depth == 0: return i
        i += 1
    raise Exception('unbalanced at %d' % i)

KINDS = {}

def kind_of(primary):
    p = primary.strip()
    if re.match(r'z\.(string|iso\.\w+|email|url|uuid)\(', p): return 'string'
    if re.match(r'z\.(number|int|coerce\.number)\(', p): return 'number'
    if re.match(r'z\.array\(', p): return 'array'
    m = re.fullmatch(r'[A-Za-z_$][\w$]*', p)
    if m and p in KINDS: return KINDS[p]
    return 'unknown'

def transform(s):
    out = []; i = 0
    while i < len(s):
        ch = s[i]
        if ch in '\'"`':
            j = skip_string(s, i)
            if ch == '`':
                out.append(transform_template(s[i:j]))
            else:
                out.append(s[i:j])
            i = j; continue
        if s.startswith('//', i) or s.startswith('/*', i):
            j = skip_comment(s, i); out.append(s[i:j]); i = j; continue
        if ch == '/' and is_regex_start(s, i):
            j = skip_regex(s, i); out.append(s[i:j]); i = j; continue
        m = ident_re.match(s, i)
        if m and (i == 0 or not (s[i-1].isalnum() or s[i-1] in '_$.')):
            res = try_chain(s, i)
            if res:
                text, j = res; out.append(text); i = j; continue
            out.append(m.group(0)); i = m.end(); continue
        out.append(ch); i += 1
    return ''.join(out)

def transform_template(t):
    # transform ${...} parts
    res = []; i = 0
    while i < len(t):
        if t[i] == '\\': res.append(t[i:i+2]); i += 2; continue
        if t.startswith('${', i):
            j = match_brace(t, i+1, '{', '}')
            res.append('${' + transform(t[i+2:j]) + '}'); i = j + 1; continue
        res.append(t[i]); i += 1
    return ''.join(res)

def parse_path(s, i):
    m = re.compile(r'[A-Za-z_$][\w$]*(\s*\.\s*[A-Za-z_$][\w$]*)*').match(s, i)
    return m

def next_method(s, j):
    k = j
    while True:
        while k < len(s) and s[k] in ' \t\n': k += 1
        if s.startswith('//', k): k = skip_comment(s, k); continue
        break
    if k < len(s) and s[k] == '.':
        m = ident_re.match(s, k+1)
        if m:
            name = m.group(0); e = m.end()
            if e < len(s) and s[e] == '(':
                close = match_brace(s, e, '(', ')')
                return name, s[e+1:close], close + 1
    return None

def try_chain(s, i):
    m = ident_re.match(s, i)
    name = m.group(0)
    if name in NOT_SCHEMA: return None
    # primary: identifier path, optional call
    if name == 'z':
        pm = re.compile(r'z(\s*\.\s*[A-Za-z_$][\w$]*)+').match(s, i)
        if not pm: return None
        j = pm.end()
        path = re.sub(r'\s+', '', pm.group(0))
        # only the namespace path up to the first call
        if not (j < len(s) and s[j] == '('): return None
    else:
        pm = re.compile(r'[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*').match(s, i)
        path = pm.group(0); j = pm.end()
    is_z = path.startswith('z.')
    # if path's last component is a schema method (e.g. foo.optional), trim path back
    parts = path.split('.')
    if not is_z:
        # find first part that is a method followed by '('
        for idx in range(1, len(parts)):
            if parts[idx] in METHODS:
                path = '.'.join(parts[:idx]); j = i + len(path); break
    primary = path
    if j < len(s) and s[j] == '(' and is_z:
        close = match_brace(s, j, '(', ')')
        primary = path + '(' + transform(s[j+1:close]) + ')'
        j = close + 1
    elif j < len(s) and s[j] == '(':
        # a call of our own function: a schema receiver only if a schema method follows
        close = match_brace(s, j, '(', ')')
        nm = next_method(s, close + 1)
        if not nm or nm[0] not in METHODS or nm[0] in STRINGISH: return None
        primary = path + '(' + transform(s[j+1:close]) + ')'
        j = close + 1
    methods = []
    while True:
        nm = next_method(s, j)
        if not nm or nm[0] not in METHODS: break
        methods.append((nm[0], transform(nm[1])))
        j = nm[2]
    if not is_z and methods and methods[0][0] in STRINGISH:
        return None
    if not methods:
        if is_z and primary != path:
            return primary, j
        return None
    expr = primary; kind = kind_of(primary); pending = []
    def flush():
        nonlocal expr, pending
        if pending:
            expr = f'{expr}.check({", ".join(pending)})'; pending = []
    for name, args in methods:
        a = args.strip()
        if name in ('min', 'max', 'length'):
            if kind == 'number':
                pending.append(f"z.{ {'min':'gte','max':'lte','length':'XXX'}[name] }({a})")
            else:
                pending.append(f"z.{ {'min':'minLength','max':'maxLength','length':'length'}[name] }({a})")
        elif name in ('trim', 'toLowerCase', 'toUpperCase', 'positive', 'nonnegative'):
            pending.append(f'z.{name}({a})')
        elif name in ('regex', 'refine', 'superRefine', 'startsWith', 'endsWith'):
            pending.append(f'z.{name}({a})')
        elif name == 'int':
            if expr == 'z.number()' and not pending:
                expr = f'z.int({a})'
            else:
                pending.append(f'z.int({a})')
            kind = 'number'
        elif name == 'datetime':
            if expr == 'z.string()' and not pending:
                expr = f'z.iso.datetime({a})'
            else:
                expr = f'/*FIXME datetime*/{expr}'
        else:
            flush()
            if name in ('optional', 'nullable', 'nullish', 'partial'):
                expr = f'z.{name}({expr}{", " + a if a else ""})'; kind = 'unknown'
            elif name == 'default':
                expr = f'z._default({expr}, {a})'; kind = 'unknown'
            elif name == 'array':
                expr = f'z.array({expr}{", " + a if a else ""})'; kind = 'array'
            elif name in ('extend', 'pick', 'omit', 'catch'):
                expr = f'z.{name}({expr}, {a})'; kind = 'unknown'
            elif name == 'transform':
                expr = f'z.pipe({expr}, z.transform({a}))'; kind = 'unknown'
            elif name == 'pipe':
                expr = f'z.pipe({expr}, {a})'; kind = 'unknown'
            elif name == 'unwrap':
                expr = f'{expr}.def.innerType'; kind = 'unknown'
    flush()
    return expr, j

TYPES = [
    (r'\bz\.ZodType\b', 'z.ZodMiniType'), (r'\bz\.ZodObject\b', 'z.ZodMiniObject'),
    (r'\bz\.ZodUnknown\b', 'z.ZodMiniUnknown'), (r'\bz\.ZodOptional\b', 'z.ZodMiniOptional'),
    (r'\bz\.ZodDefault\b', 'z.ZodMiniDefault'), (r'\bz\.ZodPrefault\b', 'z.ZodMiniPrefault'),
    (r'\bz\.ZodRawShape\b', 'z.core.$ZodShape'), (r'\bz\.ZodError\b', 'z.core.$ZodError'),
]

def convert_file(path):
    src = open(path).read()
    # kinds of top-level consts
    for m in re.finditer(r'(?:const|let)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(z\s*\.\s*[\w.]+\()', src):
        k = kind_of(m.group(2).replace(' ', '').replace('\n', ''))
        if k != 'unknown': KINDS[m.group(1)] = k
    out = transform(src)
    out = re.sub(r"import \* as z from 'zod';", "import * as z from 'zod/mini';", out)
    out = re.sub(r"import \{ z \} from 'zod';", "import * as z from 'zod/mini';", out)
    out = re.sub(r"import type \{ z \} from 'zod';", "import type * as z from 'zod/mini';", out)
    out = re.sub(r"import type \* as z from 'zod';", "import type * as z from 'zod/mini';", out)
    for a, b in TYPES: out = re.sub(a, b, out)
    if out != src:
        open(path, 'w').write(out)

if __name__ == '__main__':
    for p in sys.argv[1:]:
        KINDS.clear()
        convert_file(p)
