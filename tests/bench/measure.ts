/**
 * Runs `fn` a few times after a warm-up and reports min, median and worst in milliseconds (of the
 * whole call, or of the milliseconds `fn` answers).
 */
export async function measure(label: string, fn: () => Promise<unknown>, runs = 10, warmup = 2) {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const timed = await fn();
    // A step that has to set something up first times its own part and answers that.
    times.push(typeof timed === 'number' ? timed : performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  report(label, `median ${ms(median)}  min ${ms(times[0]!)}  max ${ms(times.at(-1)!)}  (${runs} runs)`);
  return { median, min: times[0]!, max: times.at(-1)! };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

export function report(label: string, figures: string) {
  console.log(`  ${label.padEnd(52)} ${figures}`);
}
