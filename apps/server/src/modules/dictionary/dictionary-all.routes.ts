import { EnvelopeOf, ListOf } from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { ok } from '../../core/envelope.ts';
import { DictionaryAllService } from './dictionary-all.service.ts';

const DictionaryAllItem = Type.Object({
  id: Type.String(),
  enCode: Type.String(),
  fullName: Type.String(),
  isTree: Type.Integer(),
  dictionaryList: Type.Array(Type.Unknown()),
});

/**
 * `GET /api/system/DictionaryData/All`: every category with its enabled entries (nested when the
 * category is a tree). Pages cache it to show codes as names (the user page's `sex`), so any
 * signed-in user may read it.
 */
export default async function dictionaryAllRoutes(app: App) {
  const dictionaries = new DictionaryAllService(app.db);
  app.get(
    '/api/system/DictionaryData/All',
    {
      schema: {
        tags: ['dictionary'],
        summary: 'Every dictionary with its enabled entries',
        response: { 200: EnvelopeOf(ListOf(DictionaryAllItem)) },
      },
    },
    async () => ok({ list: await dictionaries.all() }),
  );
}
