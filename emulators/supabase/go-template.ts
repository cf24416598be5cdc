/**
 * The part of Go's html/template that Supabase Auth's mail templates here use, so the emulator sends
 * what GoTrue would: `{{ .Name }}`, `{{ .Data.key }}` (the user's user_metadata),
 * `{{ if eq .Data.key "value" }}`, `{{ else if eq … }}`, `{{ else }}`, `{{ end }}` and `{{/* comments *\/}}`.
 * Anything else is refused when the template is read, so a template the emulator cannot render as
 * GoTrue would never goes out half-rendered. Values are HTML-escaped, as html/template does in text.
 */

/** The variables GoTrue hands an email template (and its subject). */
const TEMPLATE_VARIABLES = ['ConfirmationURL', 'Token', 'TokenHash', 'SiteURL', 'Email', 'NewEmail', 'RedirectTo', 'SendingTo', 'Data'] as const;
type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export type TemplateData = Partial<Record<Exclude<TemplateVariable, 'Data'>, string>> & { Data: Record<string, unknown> };

type Reference = { variable: Exclude<TemplateVariable, 'Data'> } | { dataKey: string };
type Node = { text: string } | { print: Reference } | { branches: Array<{ when: { reference: Reference; equals: string } | null; body: Node[] }> };

export class TemplateError extends Error {}

const REFERENCE = /^\.([A-Za-z]+)(?:\.([A-Za-z_][A-Za-z0-9_]*))?$/;
const CONDITION = /^eq\s+(\S+)\s+"([^"\\]*)"$/;

function reference(source: string, name: string, action: string): Reference {
  const match = REFERENCE.exec(source);
  if (!match) throw new TemplateError(`${name}: {{ ${action} }} is not something the emulator renders (only .Name, .Data.key, if/else if eq, else, end)`);
  const [, variable, key] = match;
  if (!(TEMPLATE_VARIABLES as readonly string[]).includes(variable!)) throw new TemplateError(`${name}: {{ ${action} }} names .${variable}, which GoTrue does not give a mail template`);
  if (variable === 'Data') {
    if (!key) throw new TemplateError(`${name}: {{ ${action} }} prints all of .Data; name a key, as .Data.language`);
    return { dataKey: key };
  }
  if (key) throw new TemplateError(`${name}: {{ ${action} }}: .${variable} has no fields`);
  return { variable: variable as Exclude<TemplateVariable, 'Data'> };
}

function condition(source: string, name: string, action: string) {
  const match = CONDITION.exec(source.trim());
  if (!match) throw new TemplateError(`${name}: {{ ${action} }}: the emulator renders only conditions of the form eq .Data.key "value"`);
  return { reference: reference(match[1]!, name, action), equals: match[2]! };
}

/** Reads a template once; a syntax outside the subset is a TemplateError naming the template and the action. */
export function parseTemplate(source: string, name: string): Node[] {
  const root: Node[] = [];
  // Open ifs, innermost last: the branches so far and the body being filled.
  const open: Array<{ node: Extract<Node, { branches: unknown }>; elseSeen: boolean }> = [];
  const current = () => (open.length ? open.at(-1)!.node.branches.at(-1)!.body : root);
  let rest = source;
  while (rest.length) {
    const start = rest.indexOf('{{');
    if (start === -1) {
      current().push({ text: rest });
      break;
    }
    if (start > 0) current().push({ text: rest.slice(0, start) });
    const end = rest.indexOf('}}', start);
    if (end === -1) throw new TemplateError(`${name}: a '{{' without its '}}'`);
    const raw = rest.slice(start + 2, end);
    rest = rest.slice(end + 2);
    const action = raw.trim();
    if (raw.startsWith('/*') && raw.endsWith('*/')) continue;
    if (raw.startsWith('-') || raw.endsWith('-')) throw new TemplateError(`${name}: {{${raw}}}: trim markers are not rendered by the emulator`);
    if (action.startsWith('if ')) {
      const node: Extract<Node, { branches: unknown }> = { branches: [{ when: condition(action.slice(3), name, action), body: [] }] };
      current().push(node);
      open.push({ node, elseSeen: false });
    } else if (action === 'else' || action.startsWith('else if ')) {
      const innermost = open.at(-1);
      if (!innermost) throw new TemplateError(`${name}: {{ ${action} }} outside an if`);
      if (innermost.elseSeen) throw new TemplateError(`${name}: {{ ${action} }} after the if's {{ else }}`);
      const when = action === 'else' ? null : condition(action.slice('else if '.length), name, action);
      innermost.node.branches.push({ when, body: [] });
      innermost.elseSeen = when === null;
    } else if (action === 'end') {
      if (!open.pop()) throw new TemplateError(`${name}: {{ end }} without an if`);
    } else {
      current().push({ print: reference(action, name, action) });
    }
  }
  if (open.length) throw new TemplateError(`${name}: an {{ if }} without its {{ end }}`);
  return root;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);

function valueOf(ref: Reference, data: TemplateData, name: string): string | undefined {
  if ('variable' in ref) return data[ref.variable];
  const value = data.Data[ref.dataKey];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new TemplateError(`${name}: .Data.${ref.dataKey} is not text`);
}

/** What eq compares with a string: Go refuses a number or a boolean ("incompatible types for comparison"). */
function compared(ref: Reference, data: TemplateData, name: string): string | undefined {
  const value = 'variable' in ref ? data[ref.variable] : data.Data[ref.dataKey];
  if (value === undefined || value === null || typeof value === 'string') return value ?? undefined;
  throw new TemplateError(`${name}: eq compares .${'variable' in ref ? ref.variable : `Data.${ref.dataKey}`}, which is not text, with a string`);
}

/** Renders a parsed template; like html/template, a missing value prints nothing and equals no string. */
export function renderTemplate(nodes: Node[], data: TemplateData, name: string): string {
  let out = '';
  for (const node of nodes) {
    if ('text' in node) out += node.text;
    else if ('print' in node) out += escapeHtml(valueOf(node.print, data, name) ?? '');
    else {
      const chosen = node.branches.find((branch) => branch.when === null || compared(branch.when.reference, data, name) === branch.when.equals);
      if (chosen) out += renderTemplate(chosen.body, data, name);
    }
  }
  return out;
}
