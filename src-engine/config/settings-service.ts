import type { EngineOptions, LlmSettings } from './engine-options.js';
import { API_KEY_FILE, WEBHOOK_SECRET_FILE, generateSecret, writeSecret } from './secrets.js';
import { readSettingsFile, writeSettingsFile, type RuntimeSettings } from './settings-file.js';

/** The settings the engine runs with now: start-up options overlaid with what the user changed since. */
export interface EffectiveSettings {
  chromiumPath: string | null;
  llm: LlmSettings;
  globalConcurrency: number;
  perHostConcurrency: number;
  perHostDelayMs: number;
  robotsUserAgent: string;
  jobTtlHours: number;
}

/**
 * Holds the API key, the webhook secret and the user-changeable settings; persists changes in
 * the data dir and tells listeners (browser provider, LLM client) when something changed.
 */
export class SettingsService {
  private runtime: RuntimeSettings;
  private listeners: ((settings: EffectiveSettings) => void)[] = [];

  constructor(
    private readonly options: EngineOptions,
    private key: string,
    private secret: string,
  ) {
    this.runtime = readSettingsFile(options.dataDir);
  }

  apiKey(): string {
    return this.key;
  }

  webhookSecret(): string {
    return this.secret;
  }

  effective(): EffectiveSettings {
    const r = this.runtime;
    const llm: LlmSettings = { ...this.options.llm };
    if (r.llm?.baseUrl !== undefined) llm.baseUrl = r.llm.baseUrl ?? undefined;
    if (r.llm?.model !== undefined) llm.model = r.llm.model ?? undefined;
    if (r.llm?.apiKey !== undefined) llm.apiKey = r.llm.apiKey ?? undefined;
    return {
      chromiumPath: r.chromiumPath !== undefined ? r.chromiumPath : (this.options.chromiumPath ?? null),
      llm,
      globalConcurrency: r.globalConcurrency ?? this.options.globalConcurrency,
      perHostConcurrency: r.perHostConcurrency ?? this.options.perHostConcurrency,
      perHostDelayMs: r.perHostDelayMs ?? this.options.perHostDelayMs,
      robotsUserAgent: this.options.robotsUserAgent,
      jobTtlHours: this.options.jobTtlHours,
    };
  }

  update(patch: RuntimeSettings): EffectiveSettings {
    this.runtime = { ...this.runtime, ...patch, llm: patch.llm ? { ...this.runtime.llm, ...patch.llm } : this.runtime.llm };
    writeSettingsFile(this.options.dataDir, this.runtime);
    const settings = this.effective();
    for (const listener of this.listeners) listener(settings);
    return settings;
  }

  onChange(listener: (settings: EffectiveSettings) => void): void {
    this.listeners.push(listener);
  }

  /** Replaces the API key; the old one stops working at once. Keys given on the command line are rotated too. */
  rotateApiKey(): string {
    this.key = writeSecret(this.options.dataDir, API_KEY_FILE, generateSecret('trawl-'));
    return this.key;
  }

  rotateWebhookSecret(): string {
    this.secret = writeSecret(this.options.dataDir, WEBHOOK_SECRET_FILE, generateSecret('whsec_'));
    return this.secret;
  }
}
