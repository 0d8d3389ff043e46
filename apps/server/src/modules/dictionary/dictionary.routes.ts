import {
  DictionaryAllItem,
  DictionaryDataInfo,
  DictionaryDataInput,
  DictionaryDataQuery,
  DictionaryDataRow,
  DictionaryEntry,
  DictionaryExportLink,
  DictionarySelectorNode,
  DictionarySelectorQuery,
  DictionaryTypeInfo,
  DictionaryTypeInput,
  DictionaryTypeNode,
  EnvelopeOf,
  Id,
  ListOf,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { recordRoutes, transferRoutes } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import type { FieldMessages } from '../../core/error-handler.ts';
import { permitMenu } from '../../core/permissions.ts';
import type { DictionaryService } from './dictionary.service.ts';
import type { DictionaryTransferService } from './dictionary-transfer.service.ts';

const menu = 'systemData.dictionary';
const tags = ['dictionary'];
const typeBase = '/api/system/DictionaryType';
const dataBase = '/api/system/DictionaryData';
const IdParams = Type.Object({ id: Id });
/** `.bdd` files are small JSON documents; a category of twenty thousand entries stays under this. */
const maxImportBytes = 5 * 1024 * 1024;

/** The spec's own form messages (admin.md section 5, "Dictionary category and entry"). */
const formMessages: FieldMessages = {
  parentId: { required: 'dictionary.parentRequired', minLength: 'dictionary.parentRequired' },
  fullName: {
    required: 'dictionary.nameRequired',
    minLength: 'dictionary.nameRequired',
    maxLength: 'dictionary.nameTooLong',
  },
  enCode: {
    required: 'dictionary.codeRequired',
    minLength: 'dictionary.codeRequired',
    maxLength: 'dictionary.codeTooLong',
    pattern: 'dictionary.codePattern',
  },
};

/**
 * The data dictionary (protocol-admin.md section 1). The page's calls need the menu's grant, its
 * writes the menu's buttons (btn_add, btn_edit, btn_remove; an import adds, so it takes btn_add).
 * `DictionaryData/All` and the selectors serve any signed-in user: pickers on every page use them.
 */
export default async function dictionaryRoutes(
  app: App,
  { entries: dictionaries, transfer }: { entries: DictionaryService; transfer: DictionaryTransferService },
) {
  dictionaryTypeRoutes(app, dictionaries);
  dictionaryEntryRoutes(app, dictionaries);
  dictionaryTransferRoutes(app, transfer);
}

/** Dictionary categories: the tree, the picker, and the CRUD calls. */
function dictionaryTypeRoutes(app: App, dictionaries: DictionaryService) {
  // Categories

  app.get(
    typeBase,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Dictionary categories as a tree',
        response: { 200: EnvelopeOf(ListOf(DictionaryTypeNode)) },
      },
    },
    async () => ok({ list: await dictionaries.typeTree() }),
  );

  app.get(
    `${typeBase}/Selector/:id`,
    {
      schema: {
        tags,
        summary: "The category form's parent picker: the top node '0' first, the edited category (id, or 0) left out",
        params: IdParams,
        response: { 200: EnvelopeOf(ListOf(DictionarySelectorNode)) },
      },
    },
    async (request) => ok({ list: await dictionaries.typeSelector(request.params.id, request.t) }),
  );

  recordRoutes(
    app,
    {
      base: typeBase,
      menu,
      tag: 'dictionary',
      noun: { one: 'category', many: 'Categories' },
      schemas: { info: DictionaryTypeInfo, input: DictionaryTypeInput, update: DictionaryTypeInput },
      summaries: {
        update: 'Update a category (its isTree stays as created)',
        delete: 'Delete a category without sub-categories or entries',
      },
      fieldMessages: formMessages,
    },
    {
      info: (id) => dictionaries.typeInfo(id),
      create: (input, session) => dictionaries.createType(input, session),
      update: (id, input, session) => dictionaries.updateType(id, input, session),
      delete: (id) => dictionaries.deleteType(id),
    },
  );
}

/** Dictionary entries: every dictionary (cached), a category's entries, pickers, the CRUD calls. */
function dictionaryEntryRoutes(app: App, dictionaries: DictionaryService) {
  // Entries

  app.get(
    `${dataBase}/All`,
    {
      schema: {
        tags,
        summary: 'Every dictionary with its enabled entries (cached; every page reads it)',
        response: { 200: EnvelopeOf(ListOf(DictionaryAllItem)) },
      },
    },
    async () => ok({ list: await app.dictionaries.all() }),
  );

  app.get(
    `${dataBase}/:typeId`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: "A category's entries (not paged): nested with isTree=1, filtered by keyword",
        params: Type.Object({ typeId: Id }),
        querystring: DictionaryDataQuery,
        response: { 200: EnvelopeOf(ListOf(DictionaryDataRow)) },
      },
    },
    async (request) => ok({ list: await dictionaries.entries(request.params.typeId, request.query) }),
  );

  app.get(
    `${dataBase}/:typeId/Selector/:id`,
    {
      schema: {
        tags,
        summary: "The entry form's parent picker: the category itself first, the edited entry (id, or 0) left out",
        params: Type.Object({ typeId: Id, id: Id }),
        querystring: DictionarySelectorQuery,
        response: { 200: EnvelopeOf(ListOf(DictionarySelectorNode)) },
      },
    },
    async (request) => ok({ list: await dictionaries.entrySelector(request.params.typeId, request.params.id) }),
  );

  app.get(
    `${dataBase}/:typeId/Data/Selector`,
    {
      schema: {
        tags,
        summary: "A category's enabled entries for form designers (by category id or code)",
        params: Type.Object({ typeId: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9._-]+$' }) }),
        response: { 200: EnvelopeOf(ListOf(DictionaryEntry)) },
      },
    },
    async (request) => ok({ list: await dictionaries.dataSelector(request.params.typeId) }),
  );

  app.get(
    `${dataBase}/:id/Info`,
    {
      preHandler: permitMenu(menu),
      schema: { tags, summary: 'An entry', params: IdParams, response: { 200: EnvelopeOf(DictionaryDataInfo) } },
    },
    async (request) => ok(await dictionaries.entryInfo(request.params.id)),
  );

  recordRoutes(
    app,
    {
      base: dataBase,
      menu,
      tag: 'dictionary',
      noun: { one: 'entry', many: 'Entries' },
      schemas: { input: DictionaryDataInput, update: DictionaryDataInput },
      summaries: { delete: 'Delete an entry without child entries' },
      fieldMessages: formMessages,
    },
    {
      create: (input, session) => dictionaries.createEntry(input, session),
      update: (id, input, session) => dictionaries.updateEntry(id, input, session),
      delete: (id) => dictionaries.deleteEntry(id),
      toggleState: (id, session) => dictionaries.toggleEntryState(id, session),
    },
  );
}

/** Export and import of one category with its entries. */
function dictionaryTransferRoutes(app: App, transfer: DictionaryTransferService) {
  // Export and import of one category

  transferRoutes(
    app,
    {
      base: dataBase,
      menu,
      tag: 'dictionary',
      file: { extension: /\.bdd$/i, maxBytes: maxImportBytes },
      messages: { file: 'dictionary.importFile', mode: 'dictionary.importMode', invalid: 'dictionary.importInvalid' },
      answered: () => 'dictionary.imported',
      schemas: {
        link: DictionaryExportLink,
        result: Type.Object({ categoryId: Type.String(), added: Type.Integer() }),
      },
      summaries: {
        export:
          'Write a category and its entries to a .bdd file; answers the url it downloads from without authorization',
        import: 'Import a .bdd file (multipart file + type: 0 skip duplicates, 1 append them with a random suffix)',
      },
    },
    transfer,
  );
}
