import type { Block, Detail, EmailContent, Inline } from './content.ts';
import { escapeHtml } from './escape.ts';

// Email-client HTML: tables for structure, inline styles only (clients strip <style>), no web
// fonts and no image but the account's logo, one 560 px column that shrinks to the phone's width.
// Every colour is set explicitly on an opaque background so clients that recolour for dark mode
// keep contrast. User text (names, titles, values) sits in <bdi>: a right-to-left name cannot
// reorder the sentence around it. Right-to-left languages get dir="rtl" and right alignment.

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const MONO = "ui-monospace,SFMono-Regular,Menlo,Consolas,'Liberation Mono',monospace";

const COLOR = {
  page: '#f1f3f5',
  card: '#ffffff',
  border: '#dfe3e8',
  panel: '#f6f8fa',
  text: '#1f2328',
  heading: '#111418',
  muted: '#59636e',
  accent: '#1b4fd8',
  onAccent: '#ffffff',
  quoteBar: '#c3cad3',
};

const e = escapeHtml;
/** User text, escaped and isolated from the text around it. */
const user = (value: string) => `<bdi>${e(value)}</bdi>`;

/** What changes with the language's direction and the account's brand. */
interface Look {
  accent: string;
  start: 'left' | 'right';
}

function inline(parts: Inline[], look: Look): string {
  return parts
    .map((p) => {
      if (typeof p === 'string') return e(p).replace(/\n/g, '<br>');
      if ('strong' in p)
        return `<strong style="font-weight:600;color:${COLOR.heading};">${user(p.strong)}</strong>`;
      if ('title' in p)
        return `<strong style="font-weight:600;color:${COLOR.heading};">${user(p.title)}</strong>`;
      return link(p.link, look);
    })
    .join('');
}

function link(url: string, look: Look): string {
  return `<a href="${e(url)}" target="_blank" dir="ltr" style="color:${look.accent};text-decoration:underline;word-break:break-all;">${e(url)}</a>`;
}

function block(b: Block, look: Look): string {
  switch (b.type) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;">${inline(b.parts, look)}</p>`;
    case 'note':
      return `<p style="margin:0 0 16px;font-size:14px;line-height:21px;color:${COLOR.muted};">${inline(b.parts, look)}</p>`;
    case 'quote':
      return (
        `<p style="margin:0 0 8px;font-size:14px;line-height:21px;color:${COLOR.muted};">${e(b.label)}</p>` +
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;">` +
        `<tr><td dir="auto" style="border-${look.start}:4px solid ${COLOR.quoteBar};padding-${look.start}:14px;padding-top:2px;padding-bottom:2px;color:${COLOR.text};font-size:16px;line-height:24px;text-align:${look.start};">` +
        `${e(b.text).replace(/\n/g, '<br>')}</td></tr></table>`
      );
    case 'button':
      return (
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 12px;">` +
        `<tr><td align="center" bgcolor="${look.accent}" style="border-radius:8px;background-color:${look.accent};">` +
        `<a href="${e(b.url)}" target="_blank" style="display:block;padding:15px 20px;font-family:${FONT};font-size:17px;line-height:22px;font-weight:600;color:${COLOR.onAccent};text-decoration:none;text-align:center;border-radius:8px;border:1px solid ${look.accent};">${e(b.label)}</a>` +
        `</td></tr></table>` +
        `<p style="margin:0 0 20px;font-size:13px;line-height:19px;color:${COLOR.muted};">${e(b.fallbackLabel)}<br>${link(b.url, look)}</p>`
      );
    case 'code':
      return (
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:4px 0 20px;">` +
        `<tr><td align="center" bgcolor="${COLOR.panel}" style="padding:18px 12px 18px 20px;background-color:${COLOR.panel};border:1px solid ${COLOR.border};border-radius:8px;font-family:${MONO};font-size:34px;line-height:40px;font-weight:700;letter-spacing:8px;color:${COLOR.heading};">` +
        `${e(b.code)}</td></tr></table>`
      );
  }
}

function details(items: Detail[]): string {
  const rows = items
    .map((d, i) => {
      const value = (Array.isArray(d.value) ? d.value : [d.value]).map(user).join('<br>');
      const top = i === 0 ? '0' : '12px';
      return (
        `<tr><td style="padding:${top} 0 0;">` +
        `<div style="font-size:13px;line-height:18px;color:${COLOR.muted};">${user(d.label)}</div>` +
        `<div style="font-size:15px;line-height:22px;color:${COLOR.text};font-weight:500;">${value}</div>` +
        `</td></tr>`
      );
    })
    .join('');
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 0;">` +
    `<tr><td bgcolor="${COLOR.panel}" style="padding:16px;background-color:${COLOR.panel};border:1px solid ${COLOR.border};border-radius:8px;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${rows}</table>` +
    `</td></tr></table>`
  );
}

// Zero-width filler after the preheader stops clients from pulling body text into the preview.
const PREHEADER_FILLER = '&#847;&zwnj;&nbsp;'.repeat(60);

/** The account's logo (decorative: the line beside it names the sender), 32 px high like on the signing page. */
function logo(url: string | null): string {
  return url
    ? `<img src="${e(url)}" alt="" height="32" style="display:block;height:32px;width:auto;max-width:200px;border:0;margin:0 0 8px;">`
    : '';
}

export function renderHtml(c: EmailContent): string {
  const look: Look = {
    accent: c.brand.accentColor ?? COLOR.accent,
    start: c.dir === 'rtl' ? 'right' : 'left',
  };
  const body = c.blocks.map((b) => block(b, look)).join('');
  const footer = c.footer.map((line) => `<p style="margin:0 0 6px;">${e(line)}</p>`).join('');
  const [before, after] = c.header.split(c.senderName, 2) as [string, string | undefined];
  const header =
    after === undefined
      ? e(c.header)
      : `${e(before)}<strong style="font-weight:600;color:${COLOR.heading};">${user(c.senderName)}</strong>${e(after)}`;
  return `<!DOCTYPE html>
<html lang="${e(c.lang)}" dir="${c.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="format-detection" content="telephone=no, date=no, address=no">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${e(c.subject)}</title>
</head>
<body dir="${c.dir}" style="margin:0;padding:0;width:100%;background-color:${COLOR.page};-webkit-text-size-adjust:100%;">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;color:${COLOR.page};">${e(c.preheader)}${PREHEADER_FILLER}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLOR.page}" style="width:100%;background-color:${COLOR.page};">
<tr><td align="center" style="padding:20px 10px 28px;">
<!--[if mso]><table role="presentation" width="560" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:560px;">
<tr><td style="padding:0 6px 12px;font-family:${FONT};font-size:14px;line-height:20px;color:${COLOR.muted};text-align:${look.start};">${logo(c.brand.logoUrl)}${header}</td></tr>
<tr><td bgcolor="${COLOR.card}" style="padding:28px 22px 24px;background-color:${COLOR.card};border:1px solid ${COLOR.border};border-top:4px solid ${look.accent};border-radius:12px;font-family:${FONT};font-size:16px;line-height:24px;color:${COLOR.text};text-align:${look.start};overflow-wrap:break-word;word-wrap:break-word;">
<h1 style="margin:0 0 18px;font-family:${FONT};font-size:22px;line-height:28px;font-weight:700;color:${COLOR.heading};">${e(c.heading)}</h1>
${body}
${details(c.details)}
</td></tr>
<tr><td style="padding:16px 6px 0;font-family:${FONT};font-size:13px;line-height:19px;color:${COLOR.muted};text-align:${look.start};">${footer}</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;
}
