/**
 * The part of i18next this app uses, in 5 KB minified instead of i18next's 48 KB (15 KB gzip), which every
 * first screen used to load before it could draw (docs/decisions.md D65). The build puts this module
 * where `i18next` is imported (web/vite.config.ts `resolve.alias`), so react-i18next and the features'
 * `import i18n from 'i18next'` run on it; the types stay i18next's own.
 *
 * What it does, as i18next does it: nested keys (`a.b`), a namespace before a colon (`ns:key`) or in
 * `options.ns`, plurals by `count` (`key_one`/`key_other`, `key_zero` for 0) through Intl.PluralRules,
 * `{{name}}` and `{{- name}}` interpolation from the options (a value not given leaves the
 * placeholder), `defaultValue` (also as the second argument), a missing or empty text giving the key,
 * `keyPrefix` through getFixedT, namespaces loaded by a backend module on demand, resource bundles
 * added later, and the events react-i18next listens to. What it does not do (contexts, `$t()`
 * nesting, formats, ordinals, returnObjects, language detection) no text of ours uses;
 * web/test/lite-i18next.test.ts compares every text of every namespace with i18next itself, so a text
 * that needs more fails there.
 */

type Resources = Record<string, unknown>;
type Listener = (...args: unknown[]) => void;
type Options = Record<string, unknown> & {
  ns?: string | readonly string[];
  count?: unknown;
  defaultValue?: unknown;
  lng?: string;
  keyPrefix?: string;
};
type Key = string | readonly string[];
type Done = (err: unknown, data: Resources | null) => void;
interface Module {
  type: string;
  init?: (...args: unknown[]) => void;
  read?: (language: string, namespace: string, done: Done) => void;
}

class Events {
  private listeners = new Map<string, Set<Listener>>();
  on(events: string, fn: Listener): this {
    for (const e of events.split(' ').filter(Boolean)) {
      const set = this.listeners.get(e) ?? new Set<Listener>();
      this.listeners.set(e, set);
      set.add(fn);
    }
    return this;
  }
  off(events: string, fn?: Listener): this {
    for (const e of events.split(' ').filter(Boolean)) {
      if (fn) this.listeners.get(e)?.delete(fn);
      else this.listeners.delete(e);
    }
    return this;
  }
  once(event: string, fn: Listener): this {
    const wrapped: Listener = (...args) => {
      this.off(event, wrapped);
      fn(...args);
    };
    return this.on(event, wrapped);
  }
  emit(event: string, ...args: unknown[]): void {
    for (const fn of [...(this.listeners.get(event) ?? [])]) fn(...args);
  }
}

const isObject = (v: unknown): v is Resources => typeof v === 'object' && v !== null && !Array.isArray(v);

function deepMerge(target: Resources, source: Resources, overwrite: boolean): Resources {
  for (const [k, v] of Object.entries(source)) {
    const t = target[k];
    if (isObject(t) && isObject(v)) deepMerge(t, v, overwrite);
    else if (overwrite || t === undefined) target[k] = isObject(v) ? deepMerge({}, v, true) : v;
  }
  return target;
}

/** `a.b.c` in `data`; a key holding a dot is tried whole as well. */
function lookup(data: unknown, path: string): unknown {
  if (!isObject(data)) return undefined;
  if (path in data) return data[path];
  const dot = path.indexOf('.');
  if (dot < 0) return undefined;
  for (let i = dot; i >= 0; i = path.indexOf('.', i + 1)) {
    const head = path.slice(0, i);
    if (head in data) {
      const found = lookup(data[head], path.slice(i + 1));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

class ResourceStore extends Events {
  data: Record<string, Record<string, Resources>> = {};
}

const INTERPOLATION = /\{\{(-?)\s*([^}]+?)\s*\}\}/g;

/** A text with its `{{name}}` placeholders filled from `values`, as i18next does (no escaping). */
function interpolate(text: string, values: Options): string {
  if (!text.includes('{{')) return text;
  return text.replace(INTERPOLATION, (match, _unescaped: string, name: string) => {
    const key = name.split(',')[0]!.trim();
    const value = lookup(values, key);
    if (value === undefined) return Object.hasOwn(values, key) ? '' : match;
    return typeof value === 'string' ? value : String(value);
  });
}

/** Keys selected with a function, `($) => $.a.b` (react-i18next imports this helper). */
export function keyFromSelector(selector: unknown): string {
  if (typeof selector !== 'function') return String(selector);
  const path: string[] = [];
  const proxy: unknown = new Proxy(
    {},
    {
      get(_target, property) {
        path.push(String(property));
        return proxy;
      },
    },
  );
  (selector as (p: unknown) => unknown)(proxy);
  return path.join('.');
}

export type TFunction = ((key: Key, options?: Options | string, third?: Options) => string) & {
  lng?: string;
  ns?: string | readonly string[];
  keyPrefix?: string;
};

export class LiteI18n extends Events {
  options: Record<string, unknown> & {
    ns: string[];
    defaultNS: string;
    fallbackLng?: string;
    react?: Record<string, unknown>;
  } = { ns: ['translation'], defaultNS: 'translation' };
  language = '';
  resolvedLanguage = '';
  languages: string[] = [];
  isInitialized = false;
  store = new ResourceStore();
  private backend: Module | undefined;
  private readonly modules: Module[] = [];
  /** `lng|ns` → 1 while a backend reads it, 2 when read, -1 when it failed (as i18next counts). */
  private readonly state = new Map<string, number>();
  private readonly pending = new Map<string, Promise<void>>();
  private plurals = new Map<string, Intl.PluralRules>();
  services: Record<string, unknown> = { backendConnector: { state: {}, backend: undefined } };

  use(module: Module): this {
    if (module.type === 'backend') {
      this.backend = module;
      (this.services.backendConnector as { backend: unknown }).backend = module;
    } else this.modules.push(module);
    return this;
  }

  init(
    options: Record<string, unknown> = {},
    callback?: (err: unknown, t: TFunction) => void,
  ): Promise<TFunction> {
    const ns = options.ns === undefined ? ['translation'] : [options.ns].flat().map(String);
    this.options = {
      ...this.options,
      ...options,
      ns,
      defaultNS: typeof options.defaultNS === 'string' ? options.defaultNS : (ns[0] ?? 'translation'),
    };
    const lng = String(options.lng ?? options.fallbackLng ?? 'dev');
    for (const [l, bundles] of Object.entries(
      (options.resources ?? {}) as Record<string, Record<string, Resources>>,
    ))
      for (const [n, res] of Object.entries(bundles)) this.addResourceBundle(l, n, res, true, true, true);
    this.setLanguage(lng);
    this.backend?.init?.(this.services, this.options.backend, this.options);
    for (const m of this.modules) if (m.type === '3rdParty') m.init?.(this);
    this.isInitialized = true;
    this.emit('initialized', this.options);
    const t = this.t.bind(this) as TFunction;
    callback?.(null, t);
    return Promise.resolve(t);
  }

  private setLanguage(lng: string): void {
    this.language = lng;
    this.resolvedLanguage = lng;
    const fallback = typeof this.options.fallbackLng === 'string' ? this.options.fallbackLng : undefined;
    this.languages = [...new Set([lng, ...(fallback ? [fallback] : [])])];
  }

  changeLanguage(lng: string, callback?: (err: unknown, t: TFunction) => void): Promise<TFunction> {
    this.setLanguage(lng);
    this.emit('languageChanged', lng);
    const t = this.t.bind(this) as TFunction;
    callback?.(null, t);
    return Promise.resolve(t);
  }

  hasResourceBundle(lng: string, ns: string): boolean {
    return this.store.data[lng]?.[ns] !== undefined;
  }

  getResourceBundle(lng: string, ns: string): Resources | undefined {
    return this.store.data[lng]?.[ns];
  }

  addResourceBundle(
    lng: string,
    ns: string,
    resources: Resources,
    deep = false,
    overwrite = false,
    silent = false,
  ): this {
    const byNs = this.store.data[lng] ?? {};
    this.store.data[lng] = byNs;
    const existing = byNs[ns];
    byNs[ns] =
      existing && deep
        ? deepMerge(existing, resources, overwrite)
        : existing && !overwrite
          ? { ...resources, ...existing }
          : deepMerge({}, resources, true);
    if (!this.options.ns.includes(ns)) this.options.ns.push(ns);
    if (!silent) this.store.emit('added', lng, ns, resources);
    return this;
  }

  hasLoadedNamespace(ns: string, options: { lng?: string } = {}): boolean {
    const lng = options.lng ?? this.languages[0] ?? this.language;
    if (this.hasResourceBundle(lng, ns) || !this.backend) return true;
    const s = this.state.get(`${lng}|${ns}`);
    return s === -1 || s === 2;
  }

  loadNamespaces(ns: string | readonly string[], callback?: (err?: unknown) => void): Promise<void> {
    const lng = this.language;
    const wanted = [ns].flat();
    for (const n of wanted) if (!this.options.ns.includes(n)) this.options.ns.push(n);
    const loads = wanted.map((n) => this.read(lng, n));
    const all = Promise.all(loads).then(() => undefined);
    return all.then(() => callback?.());
  }

  loadLanguages(_lng: string | readonly string[], callback?: (err?: unknown) => void): Promise<void> {
    return this.loadNamespaces(this.options.ns, callback);
  }

  private read(lng: string, ns: string): Promise<void> {
    const key = `${lng}|${ns}`;
    if (!this.backend?.read || this.hasResourceBundle(lng, ns) || this.state.get(key) === -1)
      return Promise.resolve();
    let p = this.pending.get(key);
    if (!p) {
      this.state.set(key, 1);
      p = new Promise<void>((resolve) => {
        this.backend!.read!(lng, ns, (err, data) => {
          if (err || !data) this.state.set(key, -1);
          else {
            this.state.set(key, 2);
            this.addResourceBundle(lng, ns, data, true, true);
          }
          this.pending.delete(key);
          this.emit('loaded', { [lng]: { [ns]: !err } });
          resolve();
        });
      });
      this.pending.set(key, p);
    }
    return p;
  }

  private pluralSuffix(lng: string, count: number): string {
    let rules = this.plurals.get(lng);
    if (!rules) {
      rules = new Intl.PluralRules(lng.replace(/_/g, '-'));
      this.plurals.set(lng, rules);
    }
    return rules.select(count);
  }

  private valid(v: unknown): v is string {
    return v !== undefined && v !== null && v !== '';
  }

  /** The text for `key` (or the first of several keys that has one), i18next's `t`. */
  t(keys: Key, second?: Options | string, third?: Options): string {
    const options: Options =
      typeof second === 'string'
        ? { ...third, defaultValue: second }
        : typeof second === 'object' && second
          ? second
          : {};
    const lng = options.lng ?? this.language;
    const list = typeof keys === 'string' ? [keys] : [...keys];
    let lastKey = '';
    for (const k of list) {
      let key = k;
      let namespaces = [options.ns ?? this.options.defaultNS].flat();
      const colon = key.indexOf(':');
      if (colon > 0) {
        namespaces = [key.slice(0, colon)];
        key = key.slice(colon + 1);
      }
      lastKey = key;
      const count = options.count;
      const plural = count !== undefined && typeof count !== 'string';
      const candidates = [key];
      if (plural) {
        const suffix = this.pluralSuffix(lng, Number(count));
        candidates.unshift(`${key}_${suffix}`);
        if (count === 0) candidates.unshift(`${key}_zero`);
        if (suffix !== 'other') candidates.push(`${key}_other`);
      }
      for (const ns of namespaces)
        for (const l of [...new Set([lng, ...this.languages])])
          for (const c of candidates) {
            const found = lookup(this.store.data[l]?.[ns], c);
            if (this.valid(found) && typeof found === 'string') return interpolate(found, options);
          }
    }
    const plural = options.count !== undefined && typeof options.count !== 'string';
    const suffix = plural ? this.pluralSuffix(lng, Number(options.count)) : '';
    const fallback =
      (plural && options.count === 0 ? options.defaultValue_zero : undefined) ||
      (plural ? options[`defaultValue_${suffix}`] : undefined) ||
      (options.defaultValue ?? (plural ? options.defaultValue_other : undefined));
    if (fallback !== undefined && fallback !== null) return interpolate(String(fallback), options);
    return lastKey;
  }

  exists(key: Key, options?: Options): boolean {
    const marker = '\u0000missing';
    return this.t(key, { ...options, defaultValue: marker }) !== marker;
  }

  getFixedT(
    lng: string | readonly string[] | null,
    ns?: string | readonly string[],
    keyPrefix?: string,
  ): TFunction {
    const fixed = ((key: Key, second?: Options | string, third?: Options) => {
      const options: Options =
        typeof second === 'string'
          ? { ...third, defaultValue: second }
          : { ...(second as Options | undefined) };
      if (typeof lng === 'string' && !options.lng) options.lng = lng;
      if (options.ns === undefined && ns !== undefined) options.ns = ns;
      const prefix = options.keyPrefix === '' ? '' : (options.keyPrefix ?? keyPrefix);
      const withPrefix = (k: string) => {
        const text = typeof k === 'function' ? keyFromSelector(k) : k;
        return prefix ? `${prefix}.${text}` : text;
      };
      const keys = typeof key === 'string' ? withPrefix(key) : key.map(withPrefix);
      return this.t(keys, options);
    }) as TFunction;
    if (typeof lng === 'string') fixed.lng = lng;
    fixed.ns = ns;
    fixed.keyPrefix = keyPrefix;
    return fixed;
  }

  createInstance(): LiteI18n {
    return new LiteI18n();
  }
}

const i18n = new LiteI18n();
export default i18n;
export const createInstance = () => new LiteI18n();
export const t: LiteI18n['t'] = (...args) => i18n.t(...args);
export const use = (module: Module) => i18n.use(module);
export const init = (...args: Parameters<LiteI18n['init']>) => i18n.init(...args);
export const changeLanguage = (lng: string) => i18n.changeLanguage(lng);
export const getFixedT: LiteI18n['getFixedT'] = (...args) => i18n.getFixedT(...args);
export const hasLoadedNamespace: LiteI18n['hasLoadedNamespace'] = (...args) =>
  i18n.hasLoadedNamespace(...args);
export const loadNamespaces: LiteI18n['loadNamespaces'] = (...args) => i18n.loadNamespaces(...args);
export const exists: LiteI18n['exists'] = (...args) => i18n.exists(...args);
