/**
 * Where a V8 CPU profile (`node --cpu-prof`) spent its time within a window: self time by package
 * and by function. Code of the server's bundle (dist/server: its entries and chunks) is given back to the package
 * or source folder it came from by the path comments esbuild writes before each module.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

interface Share {
  name: string;
  percent: number;
}

interface ProfileSummary {
  sampledMs: number;
  packages: Share[];
  functions: Share[];
}

/** Line ranges of a bundle: the first line of each module and the package or source folder it belongs to. */
function bundleModules(file: string): { starts: number[]; names: string[] } {
  const starts: number[] = [];
  const names: string[] = [];
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      const match = /^\/\/ (?:node_modules\/((?:@[^/]+\/)?[^/]+)|(src\/[^/]+\/[^/]+))/.exec(line);
      if (!match) return;
      starts.push(index);
      names.push(match[1] ?? match[2]!);
    });
  return { starts, names };
}

/** Milliseconds from a profile's first sample to its last. */
export function profileLengthMs(profile: CpuProfile): number {
  return profile.timeDeltas.reduce((total, delta) => total + delta, 0) / 1000;
}

const PACKAGE = /node_modules\/((?:@[^/]+\/)?[^/]+)/;

/**
 * Summarises `profile` over the samples taken between `fromMs` and `toMs` after its start (the load,
 * not the start-up). `bundleDir` is the directory of the bundle (its entries and chunks) whose code the profile ran, if any.
 */
export function summarize(profile: CpuProfile, window: { fromMs: number; toMs: number }, bundleDir?: string, top = 25): ProfileSummary {
  const bundles = new Map<string, { starts: number[]; names: string[] }>();
  const modulesOf = (file: string) => {
    let modules = bundles.get(file);
    if (!modules) bundles.set(file, (modules = fs.existsSync(file) ? bundleModules(file) : { starts: [], names: [] }));
    return modules;
  };
  const owner = ({ url, lineNumber }: CallFrame): string => {
    const file = url.startsWith('file://') ? fileURLToPath(url) : url;
    if (bundleDir && file.startsWith(`${bundleDir}/`)) {
      const modules = modulesOf(file);
      let index = modules.starts.length - 1;
      while (index >= 0 && modules.starts[index]! > lineNumber) index--;
      return index >= 0 ? modules.names[index]! : 'dist/server';
    }
    const match = PACKAGE.exec(url);
    if (match) return match[1]!;
    if (url.startsWith('node:')) return url.split('/')[0]!;
    return url ? url.split('/').at(-1)! : '(native)';
  };
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  let elapsed = 0;
  let sampled = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    elapsed += delta;
    if (elapsed < window.fromMs * 1000 || elapsed > window.toMs * 1000) return;
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
    sampled += delta;
  });
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = nodes.get(id)!.callFrame;
    const name = owner(frame);
    byPackage.set(name, (byPackage.get(name) ?? 0) + us);
    const fn = `${frame.functionName || '(anonymous)'} (${name})`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  const shares = (totals: Map<string, number>) =>
    [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, percent: Math.round((1000 * us) / Math.max(sampled, 1)) / 10 }));
  return { sampledMs: Math.round(sampled / 1000), packages: shares(byPackage), functions: shares(byFunction) };
}
