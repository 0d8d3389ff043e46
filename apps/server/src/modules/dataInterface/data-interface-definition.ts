import { DataInterfaceConfig, DataInterfaceFieldMap, DataInterfaceParameter } from '@platform/shared';
import { type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';
import { BusinessError } from '../../core/errors.ts';
import type { Db, Trx } from '../../db/database.ts';
import { DataInterfaceRepository } from './data-interface.repository.ts';

export type InterfaceRow = NonNullable<Awaited<ReturnType<DataInterfaceRepository['findById']>>>;

/** `{name}` is a parameter, `{@name}` a variable (the interface's own or a system one). */
export const placeholder = /\{(@?)([A-Za-z_][A-Za-z0-9_]*)\}/g;
/** How long a definition read for a call is reused before it is read again (other instances' edits show within it). */
const definitionTtlMs = 3000;

/** One of a definition's JSON documents, checked against its schema; undefined when blank. */
export function parseJson<T extends TSchema>(
  raw: string | null | undefined,
  schema: T,
  key: 'config' | 'parameters' | 'fields',
) {
  if (!raw?.trim()) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw new BusinessError('dataInterface.jsonInvalid', { name: key });
  }
  if (!Value.Check(schema, data)) throw new BusinessError('dataInterface.jsonInvalid', { name: key });
  return data as Type.Static<T>;
}

export const Parameters = Type.Array(DataInterfaceParameter, { maxItems: 100 });
export const FieldMaps = Type.Array(DataInterfaceFieldMap, { maxItems: 200 });

/** A definition as a call uses it: the parsed documents and the interface's variables. */
export interface InterfaceDefinition {
  row: InterfaceRow;
  config: DataInterfaceConfig;
  parameters: DataInterfaceParameter[];
  fields: DataInterfaceFieldMap[];
  variables: Map<string, string>;
}

/**
 * The definitions calls read, each kept a few seconds: a popup select calls on every keystroke.
 * Edits of a definition or of its variables on this instance forget it at once.
 */
export class InterfaceDefinitionCache {
  private readonly kept = new Map<string, { definition: InterfaceDefinition; until: number }>();

  constructor(private readonly db: Db) {}

  async read(id: string, db: Db | Trx = this.db): Promise<InterfaceDefinition> {
    const cached = this.kept.get(id);
    if (cached && cached.until > Date.now()) return cached.definition;
    const repo = new DataInterfaceRepository(db);
    const row = await repo.findById(id);
    if (!row) throw new BusinessError('dataInterface.notFound');
    const variates = await repo.variates(id);
    const definition: InterfaceDefinition = {
      row,
      config: parseJson(row.dataConfigJson, DataInterfaceConfig, 'config') ?? {},
      parameters: parseJson(row.parameterJson, Parameters, 'parameters') ?? [],
      fields: parseJson(row.fieldJson, FieldMaps, 'fields') ?? [],
      variables: new Map(variates.map((v) => [v.fullName.toLowerCase(), v.expression])),
    };
    if (this.kept.size > 1000) this.kept.clear();
    this.kept.set(id, { definition, until: Date.now() + definitionTtlMs });
    return definition;
  }

  forget(id: string) {
    this.kept.delete(id);
  }
}
