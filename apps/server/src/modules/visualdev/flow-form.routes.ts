import {
  EmptyEnvelope,
  EnvelopeOf,
  FlowFormDetail,
  FlowFormInput,
  FlowFormQuery,
  FlowFormReleaseQuery,
  FlowFormRow,
  FlowFormTemplate,
  FlowFormUpdate,
  Id,
  PageOf,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { recordActionRoute } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import { type MenuCodes, permit, permitMenu } from '../../core/permissions.ts';
import type { FlowFormService } from './flow-form.service.ts';

const base = '/api/flowForm/Form';
const IdParams = Type.Object({ id: Id });

/**
 * Flow forms (protocol-workflow.md 1) for the 3.6 client's 表单设计 page and flow designer, under
 * the grants of the form-design page (`menu`), as the generated forms they stand for.
 */
export function flowFormRoutes(app: App, forms: FlowFormService, menu: MenuCodes, tags: string[]) {
  app.get(
    base,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Flow forms, paged: system (formType 1) and custom (2, the generated forms); isRelease filter',
        querystring: FlowFormQuery,
        response: { 200: EnvelopeOf(PageOf(FlowFormRow)) },
      },
    },
    async (request) => ok(await forms.page(request.query)),
  );

  app.get(
    `${base}/getFormById/:id`,
    {
      schema: {
        tags,
        summary: 'The flow template that starts with a form ({id: ""} when none)',
        params: IdParams,
        response: { 200: EnvelopeOf(FlowFormTemplate) },
      },
    },
    async (request) => ok(await forms.templateOf(request.params.id)),
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary:
          'A flow form: its draft (draftJson, tableJson) and what its release published (propertyJson), which the flow designer reads',
        params: IdParams,
        response: { 200: EnvelopeOf(FlowFormDetail) },
      },
    },
    async (request) => ok(await forms.info(request.params.id)),
  );

  app.post(
    base,
    {
      preHandler: permit(menu, 'btn_add'),
      schema: {
        tags,
        summary: 'Create a flow form (its draft; unreleased)',
        body: FlowFormInput,
        response: { 200: EnvelopeOf(Type.Object({ id: Type.String() })) },
      },
    },
    async (request) => ok({ id: await forms.create(request.body, sessionOf(request)) }, request.t('common.created')),
  );

  app.put(
    base,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'Save a flow form’s draft; the id is in the body',
        body: FlowFormUpdate,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await forms.update(request.body.id, request.body, sessionOf(request));
      return ok(null, request.t('common.updated'));
    },
  );

  app.delete(
    `${base}/:id`,
    {
      preHandler: permit(menu, 'btn_remove'),
      schema: {
        tags,
        summary: 'Delete a flow form no flow starts with (a custom form’s records go with it)',
        params: IdParams,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await forms.delete(request.params.id);
      return ok(null, request.t('common.deleted'));
    },
  );

  app.post(
    `${base}/Release/:id`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'isRelease=1: publish the draft (propertyJson); isRelease=0: take the draft back to it',
        params: IdParams,
        querystring: FlowFormReleaseQuery,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      const isRelease = request.query.isRelease ?? 1;
      await forms.release(request.params.id, isRelease, sessionOf(request));
      return ok(null, request.t(isRelease ? 'visualdev.released' : 'flowForm.rolledBack'));
    },
  );

  recordActionRoute(
    app,
    {
      method: 'GET',
      url: `${base}/:id/Actions/Copy`,
      tags,
      summary: 'Copy a flow form (its draft, unreleased); a GET in the 3.6 client',
      preHandler: permit(menu, 'btn_add'),
      done: 'visualdev.copied',
    },
    (id, session) => forms.copy(id, session),
  );
}
