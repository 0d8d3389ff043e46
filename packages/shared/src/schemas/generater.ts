import { type Static, type TSchema, Type } from 'typebox';

/**
 * Code generation (admin.md 7, `/api/visualdev/Generater`): the output settings the 3.6 dialogs
 * send, and what preview and download answer.
 */

/** An area's folder and route segment: it becomes file paths, so a plain identifier and nothing else. */
export const moduleNamePattern = '^[a-z][a-zA-Z0-9]{0,39}$';
export const ModuleName = Type.String({ pattern: moduleNamePattern });
/** A class name as the 3.6 dialog offers it (a table name such as `ext_leave`): letters, digits, underscores. */
export const classNamePattern = '^[A-Za-z][A-Za-z0-9_]{0,63}$';
export const ClassName = Type.String({ pattern: classNamePattern });
/** Prefix of the generated tables' names, e.g. `ext_`, or none. */
export const tablePrefixPattern = '^([a-z][a-z0-9]{0,9}_)?$';

export const DownloadCodeForm = Type.Object({
  module: ModuleName,
  className: Type.Optional(Type.Union([ClassName, Type.Literal('')])),
  /** The sub-tables' class names, comma-joined, in the definition's order. */
  subClassName: Type.Optional(Type.String({ maxLength: 2000 })),
  description: Type.Optional(Type.String({ maxLength: 100 })),
  /** The 3.6 dialog's Java package: accepted and unused (this project has no packages). */
  modulePackageName: Type.Optional(Type.String({ maxLength: 100 })),
  tablePrefix: Type.Optional(Type.String({ pattern: tablePrefixPattern })),
  /**
   * Ours, not 3.6's: `engine` (the default) renders the released form with the form engine;
   * `written` writes its layout out as a component the team then changes as code.
   */
  formStyle: Type.Optional(Type.Union([Type.Literal('engine'), Type.Literal('written')])),
});
export type DownloadCodeForm = Static<typeof DownloadCodeForm>;

/** One generated file as the 3.6 preview dialog reads it: the tree's title, the editor's text. */
export const GeneratedFile = Type.Object({
  id: Type.String(),
  fileName: Type.String(),
  /** `server`, `shared`, `web`, `test`, `doc`: the 3.6 dialog highlights `web` as markup, anything else as code. */
  fileType: Type.String(),
  /** The file's path in the repository. */
  filePath: Type.String(),
  fileContent: Type.String(),
  /**
   * How the file differs from the last download of the same form; absent when it was never
   * downloaded. Our console shows the differences; the 3.6 dialog ignores both fields.
   */
  change: Type.Optional(Type.Union([Type.Literal('added'), Type.Literal('changed'), Type.Literal('unchanged')])),
  /** The text the last download held, only for a `changed` file. */
  previousContent: Type.Optional(Type.String()),
});
export type GeneratedFile = Static<typeof GeneratedFile>;

/** A folder of the preview's tree: the files generated into it. */
export const GeneratedFolder = Type.Object({
  id: Type.String(),
  fileName: Type.String(),
  children: Type.Array(GeneratedFile),
});
export type GeneratedFolder = Static<typeof GeneratedFolder>;

/** The last download of the same form: when, by whom, and the paths it held that would no longer be generated. */
export const LastGeneration = Type.Object({
  generatedAt: Type.Number(),
  generatedBy: Type.String(),
  removed: Type.Array(Type.String()),
});
export type LastGeneration = Static<typeof LastGeneration>;

export const CodePreviewAnswer = Type.Object({
  list: Type.Array(GeneratedFolder),
  lastGeneration: Type.Optional(LastGeneration),
});
export type CodePreviewAnswer = Static<typeof CodePreviewAnswer>;

export const DownloadCodeAnswer = Type.Object({ name: Type.String(), url: Type.String() });

// ---- the values of generated areas' fields: their wire schemas use these --------------------------

export const OrNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** A choice, a picked id, a switch: one JSON value. */
export const FieldScalar = Type.Union([Type.String({ maxLength: 500 }), Type.Number(), Type.Boolean()]);
/** A number, date or time range: its two ends, either open. */
export const FieldRange = Type.Array(Type.Union([Type.Number(), Type.String({ maxLength: 50 }), Type.Null()]), {
  maxItems: 2,
});
/** Several choices, picked ids, cascader paths, uploaded files: a list of JSON values. */
export const FieldList = Type.Array(Type.Unknown(), { maxItems: 1000 });
