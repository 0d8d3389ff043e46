import type { Session } from '../../core/session.ts';

/**
 * Whether `session` may read something of one area (a record, message, task, chat) that references
 * the file (by its 32-hex generated name). Each area answers with its own read rule
 * (a form's menu grant and data scope, a task's readers, a message's recipients), so the file
 * module never restates them.
 */
export type FileReferrer = (session: Session, file: ReadableFile) => Promise<boolean>;

/** A stored file as referrers see it: its generated name and who uploaded it. */
export interface ReadableFile {
  name: string;
  creatorUserId: string | null;
}

/**
 * Who may have a link to a stored file: its uploader, an administrator, or a caller one of the
 * areas' referrers lets read something that references it. Areas add their referrer when their
 * routes register (`app.fileReaders.add`); the file service asks before it issues a link.
 */
export class FileReaders {
  private readonly referrers = new Map<string, FileReferrer>();

  /** One referrer per area: registering again (a second app in the same process) replaces it. */
  add(area: string, referrer: FileReferrer) {
    this.referrers.set(area, referrer);
  }

  async mayRead(session: Session, file: ReadableFile): Promise<boolean> {
    if (session.isAdministrator || file.creatorUserId === session.userId) return true;
    for (const referrer of this.referrers.values()) if (await referrer(session, file)) return true;
    return false;
  }
}
