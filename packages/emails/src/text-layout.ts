import type { Block, Detail, EmailContent, Inline } from './content.ts';

// The plain-text part carries everything the HTML does (some clients and screen readers show
// only this): every link is written out in full.

function inline(parts: Inline[], quoteTitle: (title: string) => string): string {
  return parts
    .map((p) => {
      if (typeof p === 'string') return p;
      if ('strong' in p) return p.strong;
      if ('title' in p) return quoteTitle(p.title);
      return p.link;
    })
    .join('');
}

function block(b: Block, quoteTitle: (title: string) => string): string {
  switch (b.type) {
    case 'paragraph':
    case 'note':
      return inline(b.parts, quoteTitle);
    case 'quote':
      return `${b.label}\n${b.text
        .split('\n')
        .map((line) => (line ? `> ${line}` : '>'))
        .join('\n')}`;
    case 'button':
      return `${b.label}:\n${b.url}`;
    case 'code':
      return `    ${b.code}`;
  }
}

function detail(d: Detail): string {
  if (!Array.isArray(d.value)) return `${d.label}: ${d.value}`;
  if (d.value.length === 1) return `${d.label}: ${d.value[0]}`;
  return `${d.label}:\n${d.value.map((v) => `- ${v}`).join('\n')}`;
}

export function renderText(c: EmailContent): string {
  const sections = [
    ...c.blocks.map((b) => block(b, c.quoteTitle)),
    c.details.map(detail).join('\n'),
    `-- \n${c.footer.join('\n')}`,
  ];
  return `${sections.join('\n\n')}\n`;
}
