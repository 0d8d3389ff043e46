import {
  EmptyEnvelope,
  EnvelopeOf,
  Id,
  ListOf,
  ScheduleDetail,
  ScheduleDetailQuery,
  ScheduleInfo,
  ScheduleInput,
  ScheduleRangeQuery,
  ScheduleRow,
  type ScheduleScope,
  ScheduleScopeParams,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import type { ScheduleService } from './schedule.service.ts';

const tags = ['schedule'];

/** A user's own calendar: the session is enough; other users' entries are not found. */
export default async function scheduleRoutes(app: App, { schedules }: { schedules: ScheduleService }) {
  app.get(
    '/api/system/Schedule',
    {
      schema: {
        tags,
        summary: 'My entries overlapping [startTime, endTime) (milliseconds)',
        querystring: ScheduleRangeQuery,
        response: { 200: EnvelopeOf(ListOf(ScheduleRow)) },
      },
    },
    async (request) =>
      ok(await schedules.list(sessionOf(request).userId, request.query.startTime, request.query.endTime)),
  );

  app.get(
    '/api/system/Schedule/detail',
    {
      schema: {
        tags,
        summary: 'One entry with names, by id (and its groupId)',
        querystring: ScheduleDetailQuery,
        response: { 200: EnvelopeOf(ScheduleDetail) },
      },
    },
    async (request) =>
      ok(await schedules.detail(request.query.id, request.query.groupId, sessionOf(request).userId, request.t)),
  );

  app.get(
    '/api/system/Schedule/:id',
    {
      schema: {
        tags,
        summary: 'One entry, for editing',
        params: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(ScheduleInfo) },
      },
    },
    async (request) => ok(await schedules.info(request.params.id, sessionOf(request).userId)),
  );

  app.post(
    '/api/system/Schedule',
    {
      schema: {
        tags,
        summary: 'Create an entry (a repeating one becomes one entry per occurrence, sharing a groupId)',
        body: ScheduleInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await schedules.create(request.body, sessionOf(request));
      return ok(null, request.t('common.created'));
    },
  );

  app.put(
    '/api/system/Schedule/:id/:type',
    {
      schema: {
        tags,
        summary: 'Change an entry: type 1 this one, 2 this and later, 3 all of its series',
        params: ScheduleScopeParams,
        body: ScheduleInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await schedules.update(request.params.id, request.params.type as ScheduleScope, request.body, sessionOf(request));
      return ok(null, request.t('common.updated'));
    },
  );

  app.delete(
    '/api/system/Schedule/:id/:type',
    {
      schema: {
        tags,
        summary: 'Delete an entry: type 1 this one, 2 this and later, 3 all of its series',
        params: ScheduleScopeParams,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await schedules.delete(request.params.id, request.params.type as ScheduleScope, sessionOf(request));
      return ok(null, request.t('common.deleted'));
    },
  );
}
