import { contentProblems, fieldProblems } from './content-checks';
import { checkedCollectionOf, editorConfig, type EditorBackend } from './editor-config';

/**
 * /admin's own script, run after Decap CMS's bundle (served from the decap-cms package, see
 * editor-integration.ts): checked fields, a last check before saving, then the editor itself.
 */

interface ImmutableMap {
  get(key: string): unknown;
  toJS(): Record<string, unknown>;
}

interface ControlProps {
  field: ImmutableMap;
  collection: ImmutableMap;
  getEntry(): ImmutableMap;
}

type ControlClass = new (props: ControlProps) => { props: ControlProps; isValid?: () => unknown };

interface DecapCms {
  getWidget(name: string): { control: ControlClass; preview?: unknown } | undefined;
  registerWidget(name: string, control: ControlClass, preview?: unknown, schema?: object): void;
  registerEventListener(listener: { name: 'preSave'; handler: (event: { entry: ImmutableMap }) => unknown }): void;
  init(options: { config: object }): void;
}

declare const CMS_BACKEND: EditorBackend;
declare const CMS_SITE_URL: string;
declare const CMS_LOCAL_BACKEND: string | null;
declare const CMS_LANGUAGES: string[];

const entryData = (entry: ImmutableMap) => (entry.get('data') as ImmutableMap).toJS();

/**
 * The built-in widget `base`, refusing what the content checks refuse for the field named by the
 * field's `check`: the sentence shows under the field and Save stays refused until it is fixed.
 * Built-in controls may set isValid as an instance field (the number's min and max), so it is
 * wrapped after the base constructor ran, not overridden on the prototype.
 */
function checkedControl(base: ControlClass): ControlClass {
  return class CheckedControl extends base {
    constructor(props: ControlProps) {
      super(props);
      const builtIn = this.isValid?.bind(this);
      this.isValid = () => {
        const own = builtIn?.();
        if (own !== undefined && own !== true) return own;
        const collection = checkedCollectionOf(this.props.collection.get('name') as string);
        const [problem] = fieldProblems(collection, entryData(this.props.getEntry()), String(this.props.field.get('check')));
        return problem === undefined ? true : { error: { type: 'CUSTOM', message: problem } };
      };
    }
  };
}

export function startContentEditor(cms: DecapCms): void {
  for (const widget of ['string', 'text', 'number'] as const) {
    const builtIn = cms.getWidget(widget);
    if (!builtIn) throw new Error(`Decap CMS has no ${widget} widget`);
    cms.registerWidget(`checked-${widget}`, checkedControl(builtIn.control), builtIn.preview, { properties: { check: { type: 'string' } } });
  }
  // Whatever no single field shows (a zone's PIN code, a rule across fields) still stops the save, in the same words.
  cms.registerEventListener({
    name: 'preSave',
    handler: ({ entry }) => {
      const collection = checkedCollectionOf(entry.get('collection') as string);
      const problems = contentProblems(collection, entryData(entry));
      if (problems.length > 0) throw new Error(problems.map((problem) => problem.message).join('\n'));
      return entry.get('data');
    },
  });
  cms.init({ config: editorConfig(CMS_BACKEND, CMS_SITE_URL, CMS_LOCAL_BACKEND, CMS_LANGUAGES) });
}

startContentEditor((window as unknown as { CMS: DecapCms }).CMS);
