import {
  EmptyEnvelope,
  EnvelopeOf,
  FlowCommentInput,
  FlowCommentQuery,
  FlowCommentRow,
  PageOf,
} from '@platform/shared';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import type { CommentService } from './comment.service.ts';
import { C, IdParams, tags } from './flow-route-paths.ts';

/** Comments on a task, for those who may read it. */
export function flowCommentRoutes(app: App, comments: CommentService) {
  app.get(
    C,
    {
      schema: {
        tags,
        summary: "A task's comments (pg; taskId), newest first; isDel 1 on the caller's own",
        querystring: FlowCommentQuery,
        response: { 200: EnvelopeOf(PageOf(FlowCommentRow)) },
      },
    },
    async (request) => ok(await comments.page(sessionOf(request), request.query)),
  );
  app.post(
    C,
    {
      schema: {
        tags,
        summary: 'Comment on a task the caller may read (image / file: JSON text of [{name, fileId, url}])',
        body: FlowCommentInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await comments.create(sessionOf(request), request.body);
      return ok(null, request.t('workflow.commented'));
    },
  );
  app.delete(
    `${C}/:id`,
    { schema: { tags, summary: 'Delete one of my comments', params: IdParams, response: { 200: EmptyEnvelope } } },
    async (request) => {
      await comments.delete(sessionOf(request), request.params.id);
      return ok(null, request.t('common.deleted'));
    },
  );
}
