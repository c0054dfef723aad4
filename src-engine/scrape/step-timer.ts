/** Times the named steps of one pipeline run, for the debug log. */
export class StepTimer {
  private readonly steps: { name: string; ms: number }[] = [];

  time<T>(name: string, fn: () => T): T {
    const start = performance.now();
    try {
      return fn();
    } finally {
      this.steps.push({ name, ms: performance.now() - start });
    }
  }

  async timeAsync<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await fn();
    } finally {
      this.steps.push({ name, ms: performance.now() - start });
    }
  }

  summary(): string {
    return this.steps.map((s) => `${s.name}=${s.ms.toFixed(1)}ms`).join(' ');
  }
}
