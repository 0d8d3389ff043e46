/** A parameter a template takes (`templateParamList`). */
export interface SendParameter {
  field: string;
  fieldName: string;
}

/**
 * The parameters a send fills: those of every template of the configuration, each field once (the
 * same `{name}` is filled with one value in every channel, as the server's paramMap is shared), named
 * as the first template that lists it names it.
 */
export function sendParameters(templates: readonly { templateParamList: readonly SendParameter[] }[]): SendParameter[] {
  const byField = new Map<string, SendParameter>();
  for (const template of templates) {
    for (const parameter of template.templateParamList) {
      const known = byField.get(parameter.field);
      if (!known) byField.set(parameter.field, { ...parameter });
      else if (!known.fieldName || known.fieldName === known.field) known.fieldName = parameter.fieldName;
    }
  }
  return [...byField.values()];
}

/** The values typed for the parameters as the send's paramMap: empty ones are left out so `{name}` stays visible. */
export function paramMap(values: Record<string, string | undefined> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim())),
  );
}
