/** One sample line of the Prometheus text format: `name{labels} value`. */
export interface PromSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface PromFamily {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: PromSample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(,|$)/y;
const SUFFIXES: Record<string, string[]> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

/**
 * Parses the Prometheus text exposition format (0.0.4) strictly: every line must be a comment, a HELP/TYPE
 * line or a sample of a declared family, labels well escaped, values numbers. Throws naming the bad line.
 */
export function parsePrometheusText(text: string): Map<string, PromFamily> {
  const families = new Map<string, PromFamily>();
  const familyOf = (sampleName: string): PromFamily | undefined => {
    for (const family of families.values()) {
      const suffixes = SUFFIXES[family.type] ?? [''];
      if (suffixes.some((s) => sampleName === family.name + s)) return family;
    }
    return undefined;
  };
  for (const [i, line] of text.split('\n').entries()) {
    const fail = (why: string) => new Error(`line ${i + 1}: ${why}: ${line}`);
    if (line.trim() === '') continue;
    const meta = /^#\s+(HELP|TYPE)\s+(\S+)(?:\s+(.*))?$/.exec(line);
    if (meta) {
      const [, kind, name, rest = ''] = meta;
      if (!NAME.test(name!)) throw fail('bad metric name');
      const family = families.get(name!) ?? { name: name!, type: 'untyped', help: '', samples: [] };
      families.set(name!, family);
      if (kind === 'HELP') family.help = rest.replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
      else if (['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(rest))
        family.type = rest as PromFamily['type'];
      else throw fail('unknown type');
      continue;
    }
    if (line.startsWith('#')) continue;
    const m = SAMPLE.exec(line);
    if (!m) throw fail('not a sample');
    const [, name, labelText = '', raw] = m;
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < labelText.length) {
      const start = LABEL.lastIndex;
      const l = LABEL.exec(labelText);
      if (!l || l.index !== start) throw fail('bad labels');
      labels[l[1]!] = l[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    const value = sampleValue(raw!);
    if (value === undefined) throw fail('bad value');
    const family = familyOf(name!);
    if (!family) throw fail('sample of an undeclared family');
    family.samples.push({ name: name!, labels, value });
  }
  return families;
}

/**
 * A sample's value as Prometheus reads it (Go's ParseFloat): NaN and Inf in any case, with or without a sign.
 * prom-client writes an empty event-loop-lag window's mean as "Nan", which Prometheus accepts.
 */
function sampleValue(raw: string): number | undefined {
  const word = raw.toLowerCase();
  if (word === 'nan') return NaN;
  if (word === 'inf' || word === '+inf') return Infinity;
  if (word === '-inf') return -Infinity;
  const value = Number(raw);
  return raw.trim() === '' || Number.isNaN(value) ? undefined : value;
}
