/** A parameter of a template: the `{field}` its title or content names, and what a sender sees it as. */
export interface TemplateParameter {
  field: string;
  fieldName: string;
}

/** The server's placeholder syntax (msg-template.service.ts renderTemplate): `{name}`, a letter or _ first. */
const placeholder = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The fields the texts name, each once, in the order they first appear. */
export function namedFields(...texts: (string | null | undefined)[]): string[] {
  const fields = new Set<string>();
  for (const text of texts) for (const [, field] of (text ?? '').matchAll(placeholder)) if (field) fields.add(field);
  return [...fields];
}

/**
 * The parameter list after the texts changed: every listed parameter stays with its name (one
 * typed by hand may be filled by a sender without being named), and each newly named field is
 * appended with an empty name for the user to fill. The same list object when nothing was added.
 */
export function withNamedParameters(
  parameters: readonly TemplateParameter[],
  ...texts: (string | null | undefined)[]
): readonly TemplateParameter[] {
  const listed = new Set(parameters.map((p) => p.field));
  const added = namedFields(...texts).filter((field) => !listed.has(field));
  return added.length ? [...parameters, ...added.map((field) => ({ field, fieldName: '' }))] : parameters;
}

/** Channels whose provider keeps the text: the template names the provider's template code instead (admin.md 3.7). */
export const codeChannels: readonly string[] = ['3', '7'];
