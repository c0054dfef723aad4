/** The shape every benchmark scenario has, and what it hands the report. */

export interface ScenarioContext {
  /** Smaller sizes and fewer runs, to try the benchmark out; never used for the report. */
  quick: boolean;
  /** Record a CPU profile of the engine even when every target is met. */
  forceProfile: boolean;
  /** Progress line on the console. */
  log(message: string): void;
}

/** One target of the issue, checked against a measured figure. */
export interface TargetCheck {
  scenario: string;
  what: string;
  target: string;
  measured: string;
  met: boolean;
}

export interface ScenarioResult {
  name: string;
  title: string;
  /** The report's section for this scenario (markdown, without its heading). */
  markdown: string;
  targets: TargetCheck[];
  /** Raw figures, kept in results.json. */
  data: unknown;
  /** Wall-clock seconds the scenario took. */
  seconds?: number;
}

export interface Scenario {
  name: string;
  title: string;
  run(ctx: ScenarioContext): Promise<ScenarioResult>;
}
