/** Renders bench/RESULTS.md from the stored results of every scenario. */
import type { MachineInfo } from './machine.js';
import { markdownTable } from './markdown-table.js';
import type { Scenario, ScenarioResult } from './scenario.js';

export interface StoredScenario {
  result: ScenarioResult;
  /** The machine and commit of the run that produced it (load: when the scenario started). */
  machine: MachineInfo;
  ranAt: string;
}

export interface CurrentRun {
  machine: MachineInfo;
  /** Which build of the engine was measured. */
  engine: string;
  minutes: number;
  names: string[];
}

export function renderResults(scenarios: Scenario[], stored: Record<string, StoredScenario>, run: CurrentRun): string {
  const m = run.machine;
  const lines: string[] = [
    '# Trawl benchmark results',
    '',
    'Written by `npm run bench` (see [README.md](README.md) for what each scenario measures and how to run it). Do not edit by hand: run the benchmark again.',
    '',
    '## Machine and run',
    '',
    markdownTable(
      ['', ''],
      [
        ['CPU', `${m.cpu}, ${m.cores} cores`],
        ['RAM', `${m.ramGb} GB`],
        ['OS', m.os],
        ['Node.js', m.node],
        ['Commit', m.commit],
        ['Engine measured', run.engine],
        ['Date', m.date],
        ['Load average (1 min) before the run', String(m.loadAtStart)],
        ['Scenarios in this run', `${run.names.join(', ')} — ${run.minutes.toFixed(1)} min`],
      ],
      ['l', 'l'],
    ),
    '',
    'Every figure is the median of the runs stated in its section, with min–max in brackets; every comparison is a ratio of figures measured in the same run (then summarised the same way). Performance is measured here, never asserted in `npm test`.',
    '',
    '## Targets',
    '',
  ];
  const targets = scenarios.flatMap((s) => stored[s.name]?.result.targets ?? []);
  lines.push(
    markdownTable(
      ['#', 'what', 'target', 'measured', 'met'],
      targets.map((t) => [t.scenario, t.what, t.target, t.measured, t.met ? 'yes' : '**no** — see the profile in its section']),
      ['l', 'l', 'l', 'l', 'l'],
    ),
  );
  for (const scenario of scenarios) {
    const entry = stored[scenario.name];
    lines.push('', `## ${scenario.title}`, '');
    if (!entry) {
      lines.push(`Not run yet: \`npm run bench -- ${scenario.name}\`.`);
      continue;
    }
    const fromEarlierRun = !run.names.includes(scenario.name);
    const context = `Scenario \`${scenario.name}\`, ${entry.result.seconds?.toFixed(0) ?? '?'} s; 1-minute load average ${entry.machine.loadAtStart} when it started (which includes the benchmark's own preceding scenario)${
      fromEarlierRun ? `; from an earlier run (${entry.ranAt}, commit ${entry.machine.commit})` : ''
    }.`;
    lines.push(`_${context}_`, '', entry.result.markdown);
  }
  return lines.join('\n') + '\n';
}
