import { childrenOf, type FormDefinition, type FormField, isShown, kindOf } from '@platform/shared';
import type { AreaModel } from './area-model.ts';

/**
 * The form written out as code (the `written` form style of issue 40): the released layout as JSX
 * (rows, columns, cards, tabs, collapses) that the team then owns, with each field placed by a
 * `FormPart` of the form engine, so widgets, options, checks, formulas and events are the engine's
 * and are not repeated in the generated area.
 */

/** What a written-out form needs from the locale files: one title per card, tab and collapse panel, in order. */
export function sectionTitles(form: FormDefinition): string[] {
  const titles: string[] = [];
  const walk = (fields: readonly FormField[]) => {
    for (const field of fields) {
      if (!isShown(field)) continue;
      const kind = kindOf(field);
      if (kind === 'card') titles.push(String(field.header ?? field.__config__.label ?? ''));
      if (kind === 'tab' || kind === 'collapse') {
        for (const pane of childrenOf(field)) {
          titles.push(String(pane.title ?? pane.__config__?.label ?? titles.length + 1));
          walk(childrenOf(pane));
        }
        continue;
      }
      if (kind !== 'table') walk(childrenOf(field));
    }
  };
  walk(form.fields);
  return titles;
}

const spanOf = (field: FormField) => (typeof field.__config__.span === 'number' ? field.__config__.span : 24);

/** The JSX of the form's fields and the antd containers it uses. */
function writeFields(model: AreaModel, form: FormDefinition): { jsx: string; uses: Set<'Card' | 'Tabs' | 'Collapse'> } {
  const uses = new Set<'Card' | 'Tabs' | 'Collapse'>();
  const labelKey = new Map<string, string>([
    ...model.fields.map((f): [string, string] => [f.source, f.property]),
    ...model.children.map((c): [string, string] => [c.source, c.property]),
  ]);
  let section = 0;
  const panes = (field: FormField) =>
    childrenOf(field)
      .map((pane, i) => {
        const key = JSON.stringify(String(pane.name ?? i));
        return `{ key: ${key}, label: t('sections.s${++section}'), forceRender: true, children: <FormRow>${write(childrenOf(pane))}</FormRow> },`;
      })
      .join('\n');
  const write = (fields: readonly FormField[]): string =>
    fields
      .filter(isShown)
      .map((field) => {
        const kind = kindOf(field);
        const span = spanOf(field);
        const name = field.__vModel__;
        if (kind === 'row') return `<FormCol span={${span}}><FormRow>${write(childrenOf(field))}</FormRow></FormCol>`;
        if (kind === 'card') {
          uses.add('Card');
          const title = `t('sections.s${++section}')`;
          return `<FormCol span={${span}}><Card className="fe-card" size="small" title={${title}}><FormRow>${write(childrenOf(field))}</FormRow></Card></FormCol>`;
        }
        if (kind === 'tab') {
          uses.add('Tabs');
          return `<FormCol span={${span}}><Tabs className="fe-tabs" items={[${panes(field)}]} /></FormCol>`;
        }
        if (kind === 'collapse') {
          uses.add('Collapse');
          return `<FormCol span={${span}}><Collapse className="fe-collapse" items={[${panes(field)}]} /></FormCol>`;
        }
        const property = name ? labelKey.get(name) : undefined;
        if (name && property) {
          return `<FormPart name=${JSON.stringify(name)} label={t('fields.${property}')} span={${kind === 'table' ? 24 : span}} />`;
        }
        const formId = field.__config__.formId;
        if (typeof formId === 'number') return `<FormPart formId={${formId}} />`;
        // The engine finds a part by its name or formId; our designer and 3.6's give every field a formId.
        return `{/* 「${String(field.__config__.label ?? kind).replace(/\*\//g, '')}」 (${kind}) has no formId: place it by hand */}`;
      })
      .join('\n');
  return { jsx: write(form.fields), uses };
}

export function renderWebForm(model: AreaModel, form: FormDefinition): string {
  const { jsx, uses } = writeFields(model, form);
  const antd = [...uses].sort().map((name) => `import ${name} from 'antd/es/${name.toLowerCase()}';\n`);
  // Only what the layout uses: a form without rows or sections imports no FormRow, FormCol or FormPart.
  const engine = ['FormCol', 'FormLayout', 'FormPart', 'FormRow']
    .filter((name) => name === 'FormLayout' || jsx.includes(`<${name}`))
    .concat('type FormStore', 'type RenderMode');
  return `${antd.join('')}import { useTranslation } from 'react-i18next';
import { ${engine.join(', ')} } from '../../../shared/form-engine/index.ts';

/**
 * The form 「${model.label}」 written out: its layout (order, widths, sections) is this file's to
 * change. Each field's widget, options, checks, formulas and events still come from the released
 * definition (\`definition.ts\`) through the form engine.
 */
export function ${model.className}Form({ store, mode = 'edit' }: { store: FormStore; mode?: RenderMode }) {
  const { t } = useTranslation('${model.module}');
  return (
    <FormLayout store={store} mode={mode}>
${jsx}
    </FormLayout>
  );
}
`;
}
