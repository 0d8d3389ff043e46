import { type FormField, fieldKind, kindOf } from '@platform/shared';
import { type KindSection, webKind } from '../../../shared/form-engine/index.ts';

/**
 * The designer's reading of a field's kind: which sections the property panel shows and how it
 * edits the default value. The kind's own sections are in its web descriptor (`WEB_KINDS`), the
 * rest follows from whether the field holds a value.
 */

/** A key no entry names gets the panel a typed value field gets. */
const unknownKindSections: readonly KindSection[] = ['placeholder'];
const kindSections = (key: string): readonly KindSection[] => webKind(key)?.sections ?? unknownKindSections;

/** The property panel's sections, in the order it shows them. */
export type PropertySection =
  | 'identity'
  | 'layout'
  | 'placeholder'
  | 'default'
  | 'optionSource'
  | 'popup'
  | 'billRule'
  | 'calculate'
  | 'mask'
  | 'visibility'
  | 'validation';

/** Which sections the panel shows for a field: its kind's own sections, and whether it holds a value. */
export function sectionsOf(field: FormField): PropertySection[] {
  const key = kindOf(field);
  const own = kindSections(key);
  const isValue = field.__vModel__ !== undefined;
  const shown: Record<PropertySection, boolean> = {
    identity: true,
    layout: true,
    placeholder: isValue && own.includes('placeholder'),
    default: isValue,
    optionSource: own.includes('optionSource'),
    popup: own.includes('popup'),
    billRule: own.includes('billRule'),
    calculate: own.includes('calculate'),
    mask: own.includes('mask'),
    visibility: key !== 'table' || isValue,
    validation: isValue,
  };
  return (Object.keys(shown) as PropertySection[]).filter((section) => shown[section]);
}

/** How the panel edits a field's default value: a switch, a number, its options, or text. */
export function defaultEditorOf(field: FormField): 'switch' | 'number' | 'options' | 'text' {
  const key = kindOf(field);
  const facets = fieldKind(key).facets;
  if (facets?.display === 'switch') return 'switch';
  // A calculation's value is computed; its default stays text as before.
  if (facets?.value === 'number' && !kindSections(key).includes('calculate')) return 'number';
  if (facets?.options === 'list') return 'options';
  return 'text';
}
