import type { ActionType } from '../../src-engine/contracts/index';

/** One row of the actions editor; only the fields of its `type` are sent. */
export interface ActionDraft {
  type: ActionType;
  milliseconds: number | null;
  selector: string;
  all: boolean;
  fullPage: boolean;
  quality: number | null;
  text: string;
  key: string;
  direction: 'up' | 'down';
  script: string;
  landscape: boolean;
  scale: number | null;
  format: string;
}

/** A new action row of the given kind. */
export function newAction(type: ActionType): ActionDraft {
  return {
    type, milliseconds: type === 'wait' ? 1000 : null, selector: '', all: false, fullPage: false, quality: null,
    text: '', key: '', direction: 'down', script: '', landscape: false, scale: null, format: 'Letter',
  };
}

/** Every action kind, with a short explanation shown in the editor. */
export const ACTION_KINDS: { type: ActionType; label: string; hint: string }[] = [
  { type: 'wait', label: 'Wait', hint: 'Pause for a time, or until a selector appears.' },
  { type: 'click', label: 'Click', hint: 'Click the first (or every) element matching a selector.' },
  { type: 'write', label: 'Write text', hint: 'Type text into the focused element.' },
  { type: 'press', label: 'Press a key', hint: 'Press a keyboard key, e.g. Enter or Tab.' },
  { type: 'scroll', label: 'Scroll', hint: 'Scroll the page or an element up or down.' },
  { type: 'screenshot', label: 'Screenshot', hint: 'Capture the page at this point.' },
  { type: 'scrape', label: 'Scrape', hint: 'Capture the HTML at this point.' },
  { type: 'executeJavascript', label: 'Execute JavaScript', hint: 'Run a script in the page; its return value is reported.' },
  { type: 'pdf', label: 'Generate PDF', hint: 'Print the page to PDF.' },
];

function actionBody(a: ActionDraft): Record<string, unknown> {
  const out: Record<string, unknown> = { type: a.type };
  const set = (key: string, value: unknown) => {
    if (value !== null && value !== '' && value !== undefined) out[key] = value;
  };
  switch (a.type) {
    case 'wait':
      set('milliseconds', a.milliseconds);
      set('selector', a.selector.trim());
      break;
    case 'click':
      set('selector', a.selector.trim());
      if (a.all) out.all = true;
      break;
    case 'screenshot':
      if (a.fullPage) out.fullPage = true;
      set('quality', a.quality);
      break;
    case 'write':
      out.text = a.text;
      break;
    case 'press':
      set('key', a.key.trim());
      break;
    case 'scroll':
      out.direction = a.direction;
      set('selector', a.selector.trim());
      break;
    case 'executeJavascript':
      out.script = a.script;
      break;
    case 'pdf':
      if (a.landscape) out.landscape = true;
      set('scale', a.scale);
      out.format = a.format;
      break;
    case 'scrape':
      break;
  }
  return out;
}

/** Splits a list typed one per line or comma-separated. */
export function splitList(text: string): string[] {
  return text.split(/[\n,]/).map((s) => s.trim()).filter(Boolean);
}

/** A JSON text field's value, or a parse problem. Empty text is "not given". */
export function parseJsonField(text: string): { value?: unknown; problem?: string } {
  if (text.trim() === '') return {};
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { problem: `Not valid JSON: ${(error as Error).message}` };
  }
}

/** What the form produced: the options to send, and problems found before any schema runs. */
export interface BuiltOptions {
  options: Record<string, unknown>;
  /** Problems keyed by dotted path (relative to the options). */
  localIssues: { path: (string | number)[]; message: string }[];
  /** Index of each object-form format in `formats`, so its fields can show their issues. */
  formatIndex: Partial<Record<'screenshot' | 'json' | 'changeTracking', number>>;
}

/**
 * Every scrape option as form state. Builds the request options, sending only what differs from
 * the API defaults so the body stays readable and scripts can copy it.
 */
export class ScrapeOptionsForm {
  // Formats
  markdown = $state(true);
  summary = $state(false);
  html = $state(false);
  rawHtml = $state(false);
  links = $state(false);
  screenshot = $state(false);
  screenshotFullPage = $state(false);
  screenshotQuality = $state<number | null>(null);
  viewportWidth = $state<number | null>(null);
  viewportHeight = $state<number | null>(null);
  json = $state(false);
  jsonPrompt = $state('');
  jsonSchema = $state('');
  changeTracking = $state(false);
  changeModeJson = $state(false);
  changeModeGitDiff = $state(true);
  changeTag = $state('');
  changePrompt = $state('');
  changeSchema = $state('');
  // Content
  onlyMainContent = $state(true);
  includeTags = $state('');
  excludeTags = $state('');
  removeBase64Images = $state(true);
  // Browser
  waitFor = $state<number | null>(null);
  mobile = $state(false);
  country = $state('');
  languages = $state('');
  blockAds = $state(true);
  proxy = $state<'auto' | 'basic' | 'stealth'>('auto');
  actions = $state<ActionDraft[]>([]);
  // Network
  headers = $state<{ name: string; value: string }[]>([]);
  timeout = $state<number | null>(null);
  skipTlsVerification = $state<'default' | 'yes' | 'no'>('default');
  // Cache
  maxAge = $state<number | null>(null);
  storeInCache = $state(true);
  // Parsers and privacy
  parsePdf = $state(true);
  pdfMaxPages = $state<number | null>(null);
  zeroDataRetention = $state(false);

  /** Builds the options object sent to the API. */
  build(): BuiltOptions {
    const o: Record<string, unknown> = {};
    const localIssues: BuiltOptions['localIssues'] = [];
    const formatIndex: BuiltOptions['formatIndex'] = {};
    const formats: unknown[] = [];
    if (this.markdown) formats.push('markdown');
    if (this.summary) formats.push('summary');
    if (this.html) formats.push('html');
    if (this.rawHtml) formats.push('rawHtml');
    if (this.links) formats.push('links');
    if (this.screenshot) {
      const f: Record<string, unknown> = { type: 'screenshot' };
      if (this.screenshotFullPage) f.fullPage = true;
      if (this.screenshotQuality !== null) f.quality = this.screenshotQuality;
      if (this.viewportWidth !== null || this.viewportHeight !== null) {
        f.viewport = { width: this.viewportWidth, height: this.viewportHeight };
      }
      formatIndex.screenshot = formats.push(f) - 1;
    }
    if (this.json) {
      const f: Record<string, unknown> = { type: 'json' };
      if (this.jsonPrompt.trim()) f.prompt = this.jsonPrompt;
      const schema = parseJsonField(this.jsonSchema);
      formatIndex.json = formats.push(f) - 1;
      if (schema.problem) localIssues.push({ path: ['formats', formatIndex.json, 'schema'], message: schema.problem });
      else if (schema.value !== undefined) f.schema = schema.value;
    }
    if (this.changeTracking) {
      const modes = [...(this.changeModeGitDiff ? ['git-diff'] : []), ...(this.changeModeJson ? ['json'] : [])];
      const f: Record<string, unknown> = { type: 'changeTracking', modes };
      if (this.changeTag.trim()) f.tag = this.changeTag.trim();
      if (this.changePrompt.trim()) f.prompt = this.changePrompt;
      formatIndex.changeTracking = formats.push(f) - 1;
      const schema = parseJsonField(this.changeSchema);
      if (schema.problem) {
        localIssues.push({ path: ['formats', formatIndex.changeTracking, 'schema'], message: schema.problem });
      } else if (schema.value !== undefined) f.schema = schema.value;
    }
    o.formats = formats;
    if (!this.onlyMainContent) o.onlyMainContent = false;
    if (splitList(this.includeTags).length) o.includeTags = splitList(this.includeTags);
    if (splitList(this.excludeTags).length) o.excludeTags = splitList(this.excludeTags);
    if (!this.removeBase64Images) o.removeBase64Images = false;
    if (this.waitFor !== null) o.waitFor = this.waitFor;
    if (this.mobile) o.mobile = true;
    if (this.country.trim() || this.languages.trim()) {
      const location: Record<string, unknown> = {};
      if (this.country.trim()) location.country = this.country.trim();
      if (splitList(this.languages).length) location.languages = splitList(this.languages);
      o.location = location;
    }
    if (!this.blockAds) o.blockAds = false;
    if (this.proxy !== 'auto') o.proxy = this.proxy;
    if (this.actions.length) o.actions = this.actions.map(actionBody);
    const headers = this.headers.filter((h) => h.name.trim());
    if (headers.length) o.headers = Object.fromEntries(headers.map((h) => [h.name.trim(), h.value]));
    if (this.timeout !== null) o.timeout = this.timeout;
    if (this.skipTlsVerification !== 'default') o.skipTlsVerification = this.skipTlsVerification === 'yes';
    if (this.maxAge !== null) o.maxAge = this.maxAge;
    if (!this.storeInCache) o.storeInCache = false;
    if (!this.parsePdf) o.parsers = [];
    else if (this.pdfMaxPages !== null) o.parsers = [{ type: 'pdf', maxPages: this.pdfMaxPages }];
    return { options: o, localIssues, formatIndex };
  }

  /** `zeroDataRetention` belongs to the request, not the nested crawl scrape options. */
  requestFlags(): Record<string, unknown> {
    return this.zeroDataRetention ? { zeroDataRetention: true } : {};
  }

  /** Fills the form from options (e.g. a job's options, to run it again). Unknown keys are ignored. */
  load(options: Record<string, unknown>): void {
    const formats = Array.isArray(options.formats) ? options.formats : ['markdown'];
    const types = formats.map((f) => (typeof f === 'string' ? f : (f as { type?: string }).type));
    this.markdown = types.includes('markdown');
    this.summary = types.includes('summary');
    this.html = types.includes('html');
    this.rawHtml = types.includes('rawHtml');
    this.links = types.includes('links');
    this.screenshot = types.includes('screenshot');
    this.json = types.includes('json');
    this.changeTracking = types.includes('changeTracking');
    for (const f of formats) {
      if (typeof f !== 'object' || f === null) continue;
      const entry = f as Record<string, unknown>;
      if (entry.type === 'screenshot') {
        this.screenshotFullPage = entry.fullPage === true;
        this.screenshotQuality = typeof entry.quality === 'number' ? entry.quality : null;
        const vp = entry.viewport as { width?: number; height?: number } | undefined;
        this.viewportWidth = vp?.width ?? null;
        this.viewportHeight = vp?.height ?? null;
      } else if (entry.type === 'json') {
        this.jsonPrompt = typeof entry.prompt === 'string' ? entry.prompt : '';
        this.jsonSchema = entry.schema === undefined ? '' : JSON.stringify(entry.schema, null, 2);
      } else if (entry.type === 'changeTracking') {
        const modes = Array.isArray(entry.modes) ? entry.modes : [];
        this.changeModeJson = modes.includes('json');
        this.changeModeGitDiff = modes.includes('git-diff');
        this.changeTag = typeof entry.tag === 'string' ? entry.tag : '';
      }
    }
    if (typeof options.onlyMainContent === 'boolean') this.onlyMainContent = options.onlyMainContent;
    if (Array.isArray(options.includeTags)) this.includeTags = options.includeTags.join('\n');
    if (Array.isArray(options.excludeTags)) this.excludeTags = options.excludeTags.join('\n');
    if (typeof options.waitFor === 'number') this.waitFor = options.waitFor || null;
    if (typeof options.mobile === 'boolean') this.mobile = options.mobile;
    if (typeof options.timeout === 'number') this.timeout = options.timeout;
    if (typeof options.maxAge === 'number') this.maxAge = options.maxAge;
    if (typeof options.blockAds === 'boolean') this.blockAds = options.blockAds;
    if (options.proxy === 'basic' || options.proxy === 'stealth' || options.proxy === 'auto') this.proxy = options.proxy;
    if (options.headers && typeof options.headers === 'object') {
      this.headers = Object.entries(options.headers as Record<string, string>).map(([name, value]) => ({ name, value }));
    }
  }
}
