import { describe, expect, it } from 'vitest';
import { parseTemplate, renderTemplate, TemplateError, type TemplateData } from './go-template';

const render = (source: string, data: Partial<TemplateData> = {}) => renderTemplate(parseTemplate(source, 'test.html'), { Data: {}, ...data }, 'test.html');

describe('the Go template subset the Auth mail templates use', () => {
  it('prints GoTrue variables and user_metadata keys, HTML-escaped as html/template does', () => {
    expect(render('<a href="{{ .ConfirmationURL }}">{{ .Email }}</a>', { ConfirmationURL: 'http://x/verify?token=a&type=signup', Email: 'a@b.test' })).toBe(
      '<a href="http://x/verify?token=a&amp;type=signup">a@b.test</a>',
    );
    expect(render('Hello {{ .Data.full_name }}', { Data: { full_name: 'Asha <Rao> & "Co" \'s' } })).toBe('Hello Asha &lt;Rao&gt; &amp; &#34;Co&#34; &#39;s');
    expect(render('{{.Data.language}}|{{ .Data.missing }}|{{ .NewEmail }}', { Data: { language: 'hi' } })).toBe('hi||');
  });

  it('picks the branch whose eq matches, else the else branch; a missing key equals nothing', () => {
    const source = '{{ if eq .Data.language "hi" }}हिन्दी{{ else if eq .Data.language "kn" }}ಕನ್ನಡ{{ else }}English{{ end }}!';
    expect(render(source, { Data: { language: 'hi' } })).toBe('हिन्दी!');
    expect(render(source, { Data: { language: 'kn' } })).toBe('ಕನ್ನಡ!');
    expect(render(source, { Data: { language: 'ta' } })).toBe('English!');
    expect(render(source)).toBe('English!');
    expect(render('{{ if eq .Data.language "hi" }}only Hindi{{ end }}.')).toBe('.');
  });

  it('renders nested ifs and drops comments', () => {
    const source = '{{/* a note */}}{{ if eq .Data.a "1" }}A{{ if eq .Data.b "2" }}B{{ else }}b{{ end }}{{ end }}';
    expect(render(source, { Data: { a: '1', b: '2' } })).toBe('AB');
    expect(render(source, { Data: { a: '1' } })).toBe('Ab');
    expect(() => render(source, { Data: { a: 1 } })).toThrow('eq compares .Data.a, which is not text, with a string');
  });

  it.each([
    ['{{ range .Data }}x{{ end }}', /range \.Data/],
    ['{{ .Data.language | upper }}', /not something the emulator renders/],
    ['{{ .Password }}', /\.Password, which GoTrue does not give/],
    ['{{ .Data }}', /name a key/],
    ['{{ if .Data.language }}x{{ end }}', /only conditions of the form eq/],
    ['{{ if eq .Data.language "hi" }}x', /without its \{\{ end \}\}/],
    ['x{{ end }}', /without an if/],
    ['{{ else }}', /outside an if/],
    ['{{ if eq .Data.a "1" }}x{{ else }}y{{ else }}z{{ end }}', /after the if's \{\{ else \}\}/],
    ['{{- .Email }}', /trim markers/],
    ['{{ .Email ', /without its '\}\}'/],
  ])('refuses %s with a clear error', (source, message) => {
    expect(() => parseTemplate(source, 'test.html')).toThrow(TemplateError);
    expect(() => parseTemplate(source, 'test.html')).toThrow(message);
  });

  it('refuses to print user_metadata that is not text', () => {
    expect(() => render('{{ .Data.address }}', { Data: { address: { city: 'Pune' } } })).toThrow('.Data.address is not text');
  });
});
