import {
  type FlowCommentInput,
  type FlowCommentQuery,
  type FlowCommentRow,
  FlowFile,
  type PageData,
} from '@platform/shared';
import { Value } from 'typebox/value';
import { BusinessError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams } from '../../core/paging.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import { CommentRepository } from './comment.repository.ts';
import type { TaskQueryService } from './task-query.service.ts';

/** Files of a comment come from the file service, so they point into it and nowhere else. */
const fileServicePath = /^\/api\/file\//;

/**
 * `image` / `file` as the client sends them: JSON text of `[{name, fileId, url}]`, '' for none.
 * Anything else is refused (400), so what the detail page renders is always a list of our files.
 */
function fileListText(text: string | undefined): string {
  if (!text?.trim()) return '[]';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BusinessError('workflow.commentFiles');
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length > 20 ||
    !parsed.every((f) => Value.Check(FlowFile, f) && (!f.url || fileServicePath.test(f.url)))
  )
    throw new BusinessError('workflow.commentFiles');
  return JSON.stringify(parsed);
}

/** FlowComment (protocol-workflow.md §2 Extras): whoever may read a task comments on it; writers delete their own. */
export class CommentService {
  constructor(
    private readonly db: Db,
    private readonly tasks: TaskQueryService,
  ) {}

  async page(session: Session, query: FlowCommentQuery): Promise<PageData<FlowCommentRow>> {
    await this.tasks.checkReader(session, query.taskId);
    const params = pageParams(query);
    const result = await new CommentRepository(this.db).page(query.taskId, params);
    return page(
      result.list.map((c) => ({
        id: c.id,
        taskId: c.taskId,
        text: c.text,
        image: c.image,
        file: c.file,
        creatorUserId: c.creatorUserId,
        creatorUser: c.creatorUser,
        creatorTime: c.creatorTime.getTime(),
        isDel: c.creatorUserId === session.userId ? 1 : 0,
      })),
      result.total,
      params,
    );
  }

  async create(session: Session, input: FlowCommentInput) {
    await this.tasks.checkReader(session, input.taskId);
    const text = input.text?.trim() ?? '';
    const image = fileListText(input.image);
    const file = fileListText(input.file);
    if (!text && image === '[]' && file === '[]') throw new BusinessError('workflow.commentEmpty');
    await new CommentRepository(this.db).insert({
      id: newId(),
      taskId: input.taskId,
      text,
      image,
      file,
      creatorUserId: session.userId,
    });
  }

  async delete(session: Session, id: string) {
    const comments = new CommentRepository(this.db);
    const comment = await comments.find(id);
    if (!comment) throw new BusinessError('workflow.commentUnknown');
    if (comment.creatorUserId !== session.userId) throw new BusinessError('workflow.commentNotOwn');
    await comments.delete(id);
  }
}
