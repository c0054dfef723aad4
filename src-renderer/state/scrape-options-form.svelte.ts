import { actionBody, actionDraft, type ActionDraft } from './action-drafts';

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

  /**
   * Fills the form from request options (a job's options, to run it again): the inverse of
   * {@link build}, so what is built afterwards is the request that was sent. Absent options
   * return to their defaults; unknown keys are ignored.
   */
  load(options: Record<string, unknown>): void {
    const str = (value: unknown) => (typeof value === 'string' ? value : '');
    const num = (value: unknown) => (typeof value === 'number' ? value : null);
    const list = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
    const json = (value: unknown) => (value === undefined || value === null ? '' : JSON.stringify(value, null, 2));
    const formats = Array.isArray(options.formats) ? (options.formats as unknown[]) : ['markdown'];
    const entry = (type: string): Record<string, unknown> | undefined => {
      const found = formats.find((f) => f === type || (typeof f === 'object' && f !== null && (f as { type?: unknown }).type === type));
      return found === undefined ? undefined : typeof found === 'string' ? { type } : (found as Record<string, unknown>);
    };
    this.markdown = entry('markdown') !== undefined;
    this.summary = entry('summary') !== undefined;
    this.html = entry('html') !== undefined;
    this.rawHtml = entry('rawHtml') !== undefined;
    this.links = entry('links') !== undefined;

    const shot = entry('screenshot');
    this.screenshot = shot !== undefined;
    this.screenshotFullPage = shot?.fullPage === true;
    this.screenshotQuality = num(shot?.quality);
    const viewport = (shot?.viewport ?? {}) as { width?: unknown; height?: unknown };
    this.viewportWidth = num(viewport.width);
    this.viewportHeight = num(viewport.height);

    const extract = entry('json');
    this.json = extract !== undefined;
    this.jsonPrompt = str(extract?.prompt);
    this.jsonSchema = json(extract?.schema);

    const change = entry('changeTracking');
    const modes = list(change?.modes);
    this.changeTracking = change !== undefined;
    this.changeModeGitDiff = change === undefined || modes.includes('git-diff');
    this.changeModeJson = modes.includes('json');
    this.changeTag = str(change?.tag);
    this.changePrompt = str(change?.prompt);
    this.changeSchema = json(change?.schema);

    this.onlyMainContent = options.onlyMainContent !== false;
    this.includeTags = list(options.includeTags).join('\n');
    this.excludeTags = list(options.excludeTags).join('\n');
    this.removeBase64Images = options.removeBase64Images !== false;
    this.waitFor = num(options.waitFor) || null;
    this.mobile = options.mobile === true;
    const location = (options.location ?? {}) as { country?: unknown; languages?: unknown };
    this.country = str(location.country);
    this.languages = list(location.languages).join(', ');
    this.blockAds = options.blockAds !== false;
    this.proxy = options.proxy === 'basic' || options.proxy === 'stealth' ? options.proxy : 'auto';
    this.actions = (Array.isArray(options.actions) ? options.actions : [])
      .filter((a): a is Record<string, unknown> => typeof a === 'object' && a !== null)
      .flatMap((a) => actionDraft(a) ?? []);
    const headers = options.headers && typeof options.headers === 'object' ? Object.entries(options.headers as Record<string, unknown>) : [];
    this.headers = headers.map(([name, value]) => ({ name, value: String(value) }));
    this.timeout = num(options.timeout);
    this.skipTlsVerification = options.skipTlsVerification === true ? 'yes' : options.skipTlsVerification === false ? 'no' : 'default';
    this.maxAge = num(options.maxAge);
    this.storeInCache = options.storeInCache !== false;
    const parsers = Array.isArray(options.parsers) ? (options.parsers as unknown[]) : undefined;
    const pdf = parsers?.find((p) => p === 'pdf' || (typeof p === 'object' && p !== null && (p as { type?: unknown }).type === 'pdf'));
    this.parsePdf = parsers === undefined || pdf !== undefined;
    this.pdfMaxPages = typeof pdf === 'object' && pdf !== null ? num((pdf as { maxPages?: unknown }).maxPages) : null;
    this.zeroDataRetention = options.zeroDataRetention === true;
  }
}
